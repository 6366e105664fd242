import { AppStatus } from '@lender/contract/status';
import { sendEmailLink, sendSmsCode, type EsignLinks } from './esign-codes';
import type { RegisterStore } from './register-store';
import { isOpenFor, STAGE_OPEN_FROM } from './stage-gate';

export type Stage4Outcome = { kind: 'esignSent'; statusId: number; guid: string } | { kind: 'closed' };

/**
 * Register/SubmitStage4's rules: the bank account the loan is paid into is stored sealed, the
 * application moves to esignSent, and the two e-sign codes go out with that change (docs/decisions/016).
 */
export function stage4Service(
  store: Pick<RegisterStore, 'applications' | 'transaction'>,
  esignKeys: EsignLinks,
) {
  return {
    async submit(
      customerId: number,
      bank: { sortCode: string; accountNumber: string },
    ): Promise<Stage4Outcome> {
      const application = await store.applications.latest(customerId);
      if (!application || !isOpenFor('stage4', application.statusId)) return { kind: 'closed' };
      const moved = await store.transaction(async (repos) => {
        const { applications, bankAccounts, esign } = repos;
        if (!(await applications.moveStatus(application.id, STAGE_OPEN_FROM.stage4, AppStatus.esignSent)))
          return false;
        await bankAccounts.insert({ customerId, applicationId: application.id, ...bank });
        const signing = await esign.findByGuid(application.guid);
        if (!signing) throw new Error('the application moved to esignSent has vanished');
        await sendSmsCode(repos, signing, esignKeys);
        await sendEmailLink(repos, signing, esignKeys);
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
