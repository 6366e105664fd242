import type { IsoDate } from '@lender/contract/dates';
import { ApplicationStep } from '../applications/application-steps';
import { transition } from '../applications/transition';
import type { EntityStore } from '../unit-of-work';
import type { Actor } from '../audit/actor';

/**
 * A loan that owes nothing any more ends, on `date`: withdrawn (Consumer Credit Act s66A) when the
 * customer gave notice of withdrawal, otherwise settled. `how` says how it was repaid, for the decision
 * record. The card payment that repays it and the close of business that finds it repaid both end it
 * here; false when it had ended already.
 */
export async function endRepaidLoan(
  store: EntityStore,
  app: { id: number; customerId: number },
  date: IsoDate,
  how: string,
  /** Who ended it: the customer whose card payment repaid it, or the close of business. */
  actor: Actor,
): Promise<boolean> {
  const notice = await store.withdrawals.of(app.id);
  const ended = ({ loans }: Pick<EntityStore, 'loans'>) => loans.update(app.id, { settled_on: date });
  if (notice) {
    return transition(
      store,
      app,
      ApplicationStep.withdraw,
      {
        kind: 'withdrawn',
        reason: `withdrawal (notice of ${notice.notice_on}, s66A) completed: principal and interest ${how}`,
        actor,
      },
      ended,
    );
  }
  return transition(store, app, ApplicationStep.settle, { kind: 'settled', reason: how, actor }, ended);
}
