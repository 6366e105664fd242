import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

/** Records a notice once per reference; true when this call recorded it (so its message is sent once). */
export async function recordNotice(
  trx: DbExecutor,
  applicationId: number,
  kind: string,
  date: IsoDate,
  reference: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('loan_notices')
    .values({ application_id: applicationId, kind, on_date: date, reference, created_at: nowIso() })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
