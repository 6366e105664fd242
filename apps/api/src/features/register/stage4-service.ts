import { AppStatus } from '@lender/contract/status';
import type { RegisterStore } from './register-store';
import { isOpenFor, STAGE_OPEN_FROM } from './stage-gate';

export type Stage4Outcome = { kind: 'esignSent'; statusId: number; guid: string } | { kind: 'closed' };

/**
 * Register/SubmitStage4's rules: the bank account the loan is paid into is stored sealed, and the
 * application moves to esignSent; the e-sign issue takes over from there.
 */
export function stage4Service(store: Pick<RegisterStore, 'applications' | 'transaction'>) {
  return {
    async submit(
      customerId: number,
      bank: { sortCode: string; accountNumber: string },
    ): Promise<Stage4Outcome> {
      const application = await store.applications.latest(customerId);
      if (!application || !isOpenFor('stage4', application.statusId)) return { kind: 'closed' };
      const moved = await store.transaction(async ({ applications, bankAccounts }) => {
        if (!(await applications.moveStatus(application.id, STAGE_OPEN_FROM.stage4, AppStatus.esignSent)))
          return false;
        await bankAccounts.insert({ customerId, applicationId: application.id, ...bank });
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
