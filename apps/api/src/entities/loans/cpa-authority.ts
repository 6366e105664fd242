import type { DbExecutor } from '../../db/create-db';

/**
 * Ends the Continuous Payment Authority of a loan at `at` (an ISO instant): no collection is attempted
 * from then on (CONC 7.6, docs/decisions/026). False when it had been cancelled already, so that of two
 * requests racing, one records it and tells the customer.
 */
export async function cancelCpa(db: DbExecutor, applicationId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('loans')
    .set({ cpa_cancelled_at: at })
    .where('application_id', '=', applicationId)
    .where('cpa_cancelled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
