import type { DbExecutor } from '../../../db/create-db';
import { nowIso } from '../../../lib/clock';
import type { Finding, Outcome } from './decision-check';

export type StoredFinding = Omit<Finding, 'text'>;

export const decisionFindingsRepository = (db: DbExecutor) => ({
  async record(applicationId: number, findings: readonly Finding[]) {
    if (findings.length === 0) return;
    const createdAt = nowIso();
    await db
      .insertInto('decision_findings')
      .values(
        findings.map((f, i) => ({
          application_id: applicationId,
          position: i + 1,
          check_name: f.check,
          outcome: f.outcome,
          reason_code: f.reasonCode,
          details: JSON.stringify(f.details),
          created_at: createdAt,
        })),
      )
      .execute();
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
