import { AppStatus, ENDED_STATUSES } from '@lender/contract/status';
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ApplicationTable, Database } from '../../db/schema';
import { nowIso } from '../../lib/clock';

type Executor = Db | Transaction<Database>;

/** The customer's newest application: the one every stage screen works on. */
export const latestApplication = (db: Executor, customerId: number) =>
  db
    .selectFrom('applications')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const isEnded = (statusId: number) => ENDED_STATUSES.includes(statusId);

export async function hasApplicationInProgress(db: Executor, customerIds: number[]) {
  if (customerIds.length === 0) return false;
  const rows = await db
    .selectFrom('applications')
    .select('status_id')
    .where('customer_id', 'in', customerIds)
    .execute();
  return rows.some((r) => !isEnded(r.status_id));
}

export async function insertApplication(db: Executor, values: Omit<Database['applications'], 'id'>) {
  const row = await db.insertInto('applications').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Moves an application on only from the status the caller read: a second, concurrent request finds
 * nothing to update instead of applying the same step twice.
 */
export async function updateApplicationFrom(
  db: Executor,
  id: number,
  fromStatus: number,
  changes: Updateable<ApplicationTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status_id', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const recordDecision = (
  db: Executor,
  d: { applicationId: number | null; customerId: number | null; kind: string; reason: string },
) =>
  db
    .insertInto('application_decisions')
    .values({
      application_id: d.applicationId,
      customer_id: d.customerId,
      kind: d.kind,
      reason: d.reason,
      created_at: nowIso(),
    })
    .execute();

export { AppStatus };
