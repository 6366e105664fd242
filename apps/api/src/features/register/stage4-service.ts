import type { DbExecutor } from '../../db/create-db';
import type { EntityStore } from '../../entities/unit-of-work';
import { openApplication, transition } from '../../entities/applications/transition';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { customerActor } from '../../entities/audit/actor';

export type Stage4Outcome = { kind: 'esignSent'; statusId: number; guid: string } | { kind: 'closed' };

/**
 * Register/SubmitStage4's rules: the bank account the loan is paid into is stored sealed, the
 * application moves to esignSent, and the two e-sign codes go out with that change (docs/decisions/016).
 */
export function stage4Service(
  store: Pick<EntityStore, 'applications' | 'transaction'>,
  /** Sends the first e-sign codes in the given transaction (e-sign's, handed in by the composition root). */
  startSigning: (trx: DbExecutor, applicationGuid: string) => Promise<void>,
) {
  return {
    async submit(
      customerId: number,
      bank: { sortCode: string; accountNumber: string },
    ): Promise<Stage4Outcome> {
      const step = ApplicationStep.giveBankDetails;
      const application = await openApplication(store.applications, customerId, step);
      if (!application) return { kind: 'closed' };
      const decision = {
        kind: 'bank-details',
        reason: 'bank account given; e-sign sent',
        actor: customerActor(customerId),
      };
      const moved = await transition(store, application, step, decision, async ({ bankAccounts }, trx) => {
        await bankAccounts.insert({ customerId, applicationId: application.id, ...bank });
        await startSigning(trx, application.guid);
      });
      return moved ? { kind: 'esignSent', statusId: step.to, guid: application.guid } : { kind: 'closed' };
    },
  };
}

export type Stage4Service = ReturnType<typeof stage4Service>;
