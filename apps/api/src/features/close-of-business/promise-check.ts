import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { promiseRepository } from '../../entities/loans/promise-repository';

/**
 * The close of business's check of promises to pay (issue 48 item 5): kept on the first closed day the
 * payments received since the promise was made cover its amount, by its due date; broken when its due
 * date closes uncovered. Decided once; a run started again decides nothing twice.
 */
export async function checkPromises(
  db: DbExecutor,
  date: IsoDate,
): Promise<{ kept: number; broken: number }> {
  const promises = promiseRepository(db);
  let kept = 0;
  let broken = 0;
  for (const p of await promises.openOn(date)) {
    const through = p.due_on < date ? p.due_on : date;
    const paid = await promises.paidBetween(p.application_id, p.made_on as IsoDate, through as IsoDate);
    if (paid >= p.amount_pence) {
      if (await promises.decide(p.id, 'kept', date)) kept++;
    } else if (date >= p.due_on) {
      if (await promises.decide(p.id, 'broken', date)) broken++;
    }
  }
  return { kept, broken };
}
