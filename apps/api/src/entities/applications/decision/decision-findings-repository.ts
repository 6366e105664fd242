import type { DbExecutor } from '../../../db/create-db';
import { nowIso } from '../../../lib/clock';
import type { Finding, Outcome } from './decision-check';

export type StoredFinding = Omit<Finding, 'text'>;

export const decisionFindingsRepository = (db: DbExecutor) => ({
  async record(applicationId: number, findings: readonly Finding[]) {
    if (findings.length === 0) return;
    const createdAt = nowIso();
    // A later decision of the same application (the hard search at stage 4) follows the earlier findings.
    const { last } = await db
      .selectFrom('decision_findings')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const after = Number(last ?? 0);
    await db
      .insertInto('decision_findings')
      .values(
        findings.map((f, i) => ({
          application_id: applicationId,
          position: after + i + 1,
          check_name: f.check,
          outcome: f.outcome,
          reason_code: f.reasonCode,
          details: JSON.stringify(f.details),
          created_at: createdAt,
        })),
      )
      .execute();
  },

  /** The finding that declined the application of this guid, if one did. */
  async declinedBy(applicationGuid: string): Promise<Pick<StoredFinding, 'check' | 'reasonCode'> | null> {
    const row = await db
      .selectFrom('decision_findings')
      .innerJoin('applications', 'applications.id', 'decision_findings.application_id')
      .select(['decision_findings.check_name', 'decision_findings.reason_code'])
      .where('applications.guid', '=', applicationGuid)
      .where('decision_findings.outcome', '=', 'decline')
      .orderBy('decision_findings.position', 'desc')
      .executeTakeFirst();
    return row ? { check: row.check_name, reasonCode: row.reason_code } : null;
  },

  async of(applicationId: number): Promise<StoredFinding[]> {
    const rows = await db
      .selectFrom('decision_findings')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({
      check: r.check_name,
      outcome: r.outcome as Outcome,
      reasonCode: r.reason_code,
      details: JSON.parse(r.details) as StoredFinding['details'],
    }));
  },
});
