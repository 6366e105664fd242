import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { AuditEventTable } from './audit-tables';
import { nowIso } from '../../lib/clock';
import type { Actor } from './actor';

export type AuditEvent = {
  id: number;
  at: string;
  actor: string;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  details: Record<string, unknown> | null;
};

export type NewAuditEvent = {
  actor: Actor;
  action: string;
  subject?: { type: string; id: string };
  /** For people to read; never a secret. */
  details?: Record<string, unknown>;
};

/** The append-only audit of staff actions (audit_events): there is no update and no delete here, by design. */
export function auditRepository(db: DbExecutor) {
  return {
    async record(event: NewAuditEvent): Promise<void> {
      await db
        .insertInto('audit_events')
        .values({
          at: nowIso(),
          actor: event.actor,
          action: event.action,
          subject_type: event.subject?.type ?? null,
          subject_id: event.subject?.id ?? null,
          details: event.details ? JSON.stringify(event.details) : null,
        })
        .execute();
    },

    /** Events at or after `since` (ISO instant), newest first. */
    since: async (since: string): Promise<AuditEvent[]> =>
      (
        await db
          .selectFrom('audit_events')
          .selectAll()
          .where('at', '>=', since)
          .orderBy('id', 'desc')
          .execute()
      ).map(eventOf),

    /** The events of these actions about one subject, newest first. */
    about: async (
      subjectType: string,
      subjectId: string,
      actions: readonly string[],
    ): Promise<AuditEvent[]> =>
      (
        await db
          .selectFrom('audit_events')
          .selectAll()
          .where('subject_type', '=', subjectType)
          .where('subject_id', '=', subjectId)
          .where('action', 'in', [...actions])
          .orderBy('id', 'desc')
          .execute()
      ).map(eventOf),
  };
}

function eventOf(r: Selectable<AuditEventTable>): AuditEvent {
  return {
    id: r.id,
    at: r.at,
    actor: r.actor,
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
  };
}
