import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

/** A partner's accepted lead as its landing page reads it (the partner intake writes it). */
export type Lead = {
  id: number;
  applicationId: number;
  customerId: number;
  /** ISO UTC; the landing link works until then (72 hours from the lead). */
  expiresAt: string | null;
  landedAt: string | null;
  /** SHA-256 (hex) of the cookie of the browser that proved it is the applicant's (issue 45). */
  sessionHash: string | null;
  /** When a browser proved it is the applicant's, by the code sent to the lead's mobile or e-mail. */
  provenAt: string | null;
  submittedAt: string | null;
  /** SubmitStage3's parsed payload as the partner sent it, or null. */
  stage3Json: string | null;
};

export type LeadEventRecord = { leadId: number; sessionId: string; eventId: number; data: string | null };

export type LeadRepository = ReturnType<typeof leadRepository>;

export const leadRepository = (db: DbExecutor) => ({
  /** The accepted lead whose application has this guid; undefined for any other guid (or a declined lead). */
  async findByGuid(guid: string): Promise<Lead | undefined> {
    const row = await db
      .selectFrom('partner_leads as l')
      .innerJoin('applications as a', 'a.id', 'l.application_id')
      .select([
        'l.id',
        'l.application_id',
        'a.customer_id',
        'l.landing_expires_at',
        'l.landed_at',
        'l.landing_session_hash',
        'l.landing_proven_at',
        'l.submitted_at',
        'l.stage3_json',
      ])
      .where('a.guid', '=', guid)
      .where('l.decision', '=', 'accepted')
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        applicationId: Number(row.application_id),
        customerId: row.customer_id,
        expiresAt: row.landing_expires_at,
        landedAt: row.landed_at,
        sessionHash: row.landing_session_hash,
        provenAt: row.landing_proven_at,
        submittedAt: row.submitted_at,
        stage3Json: row.stage3_json,
      }
    );
  },

  /**
   * Accepted leads whose landing link lapsed before a submit, while their application still waits on the
   * landing (leadAccepted, leadLanded, leadLandedCardDeclined): the oldest `limit` first.
   */
  lapsed: (now: string, statuses: readonly number[], limit: number) =>
    db
      .selectFrom('partner_leads as l')
      .innerJoin('applications as a', 'a.id', 'l.application_id')
      .select(['l.id', 'a.id as applicationId', 'a.customer_id as customerId'])
      .where('l.submitted_at', 'is', null)
      .where('l.landing_expires_at', '<=', now)
      .where('a.status_id', 'in', [...statuses])
      .orderBy('l.landing_expires_at')
      .limit(limit)
      .execute(),

  /**
   * Records the first landing; false when the lead had landed already. No browser is bound yet: the link
   * alone proves nothing (issue 45), so the lead binds to the browser that proves it is the applicant's.
   */
  async markLanded(id: number): Promise<boolean> {
    const result = await db
      .updateTable('partner_leads')
      .set({ landed_at: nowIso() })
      .where('id', '=', id)
      .where('landed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Binds the landing to the browser that entered the applicant's code; false when another browser proved
   * first or the landing was submitted (the racing proof lost).
   */
  async markProven(id: number, sessionHash: string): Promise<boolean> {
    const result = await db
      .updateTable('partner_leads')
      .set({ landing_proven_at: nowIso(), landing_session_hash: sessionHash })
      .where('id', '=', id)
      .where('landing_proven_at', 'is', null)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Ends the landing: false when it had been submitted already (the racing submit lost). */
  async markSubmitted(id: number): Promise<boolean> {
    const result = await db
      .updateTable('partner_leads')
      .set({ submitted_at: nowIso() })
      .where('id', '=', id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Whether the landing is still open (not submitted), holding the lead's row for the caller's transaction
   * on PostgreSQL: a declined card's record then waits for a racing submit and sees its end, rather than
   * moving the application back after it.
   */
  async holdOpen(id: number): Promise<boolean> {
    const result = await db
      .updateTable('partner_leads')
      .set({ submitted_at: null })
      .where('id', '=', id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async hasEvent(leadId: number, sessionId: string, eventId: number): Promise<boolean> {
    const row = await db
      .selectFrom('lead_events')
      .select('id')
      .where('lead_id', '=', leadId)
      .where('session_id', '=', sessionId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Stores an event once per lead, session and event id (the unique index): a repeat changes nothing. */
  insertEvent: (e: LeadEventRecord) =>
    db
      .insertInto('lead_events')
      .values({
        lead_id: e.leadId,
        session_id: e.sessionId,
        event_id: e.eventId,
        data: e.data,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['lead_id', 'session_id', 'event_id']).doNothing())
      .execute(),
});
