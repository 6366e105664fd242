import { AppStatus } from '@lender/contract/status';
import type { DbExecutor } from '../../db/create-db';
import type { EntityStore } from '../../entities/unit-of-work';
import { isOpenFor, STAGE_OPEN_FROM } from './stage-gate';

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
      const application = await store.applications.latest(customerId);
      if (!application || !isOpenFor('stage4', application.statusId)) return { kind: 'closed' };
      const moved = await store.transaction(async ({ applications, bankAccounts }, trx) => {
        if (!(await applications.moveStatus(application.id, STAGE_OPEN_FROM.stage4, AppStatus.esignSent)))
          return false;
        await bankAccounts.insert({ customerId, applicationId: application.id, ...bank });
        await startSigning(trx, application.guid);
        await applications.recordDecision({
          applicationId: application.id,
          customerId,
          kind: 'bank-details',
          reason: 'bank account given; e-sign sent',
        });
        return true;
      });
      return moved
        ? { kind: 'esignSent', statusId: AppStatus.esignSent, guid: application.guid }
        : { kind: 'closed' };
    },
  };
}

export type Stage4Service = ReturnType<typeof stage4Service>;
