import type { IsoDate } from '@lender/contract/dates';
import { ApplicationStep } from '../applications/application-steps';
import { transition } from '../applications/transition';
import type { Actor } from '../audit/actor';
import type { EntityStore } from '../unit-of-work';
import { arrearsPence, positionOf } from './ledger';

/**
 * After a new plan (the customer's, a pause, staff's): a loan in arrears that has nothing overdue under it
 * is up to date at once, as the close of business would find it tonight, so that its status and the
 * banner do not say a payment is overdue beside a plan that owes nothing yet (issue 46 item 7). A loan
 * still behind, or in default, stays as it is.
 */
export async function catchUpUnderNewPlan(
  store: EntityStore,
  app: { id: number; customerId: number },
  today: IsoDate,
  actor: Actor,
): Promise<void> {
  const book = (await store.loans.books([app.id])).get(app.id);
  if (!book || arrearsPence(book.terms, positionOf(book.terms, book.rows, today), today) > 0) return;
  await transition(store, app, ApplicationStep.catchUp, {
    kind: 'arrears-cleared',
    reason: `nothing overdue on ${today} under the new plan`,
    actor,
  });
}
