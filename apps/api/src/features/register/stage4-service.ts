import type { DbExecutor } from '../../db/create-db';
import type { EntityStore } from '../../entities/unit-of-work';
import { openApplication, transition } from '../../entities/applications/transition';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { customerActor } from '../../entities/audit/actor';
import { decisionFindingsRepository } from '../../entities/applications/decision/decision-findings-repository';
import { findingText, type DecisionParts } from '../../entities/applications/decision/pipeline';
import { applicationDeclinedEmail } from '../../entities/applications/decision/declined-email';
import { searchBeforeAgreement } from '../../entities/applications/decision/agreement-search';
import type { DeclinedAnswer } from '@lender/contract/calls/credit-reference';
import { agencyCounted, declinedAnswer } from '../../entities/applications/decision/checks/credit-reference';

export type Stage4Outcome =
  | { kind: 'esignSent'; statusId: number; guid: string }
  /** The hard search declined it; `agencyCounted` when the agency's information was why (s157). */
  | { kind: 'declined'; answer: DeclinedAnswer }
  | { kind: 'closed' };

/**
 * Register/SubmitStage4's rules: before any agreement exists, the applicant's credit file is searched
 * again with a hard search (issue 47; a report of the last 30 days is reused) by the decision step's
 * checks made before an agreement. Declined, the application ends (leadDeclined) and no bank account is
 * kept; else the bank account the loan is paid into is stored sealed, the application moves to
 * esignSent, and the two e-sign codes go out with that change (docs/decisions/016). A referral goes on:
 * underwriting reads it after the signature and a person decides.
 */
export function stage4Service(
  store: Pick<EntityStore, 'applications' | 'customers' | 'creditSearches' | 'transaction'>,
  parts: DecisionParts,
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
      const customer = await store.customers.findById(customerId);
      if (!application || !customer) return { kind: 'closed' };

      const decision = await searchBeforeAgreement(parts, store, application, customer);
      if (decision.declinedBy) {
        const counted = agencyCounted(decision.declinedBy);
        const answer = await declinedAnswer(parts.creditReference, counted);
        const declined = {
          kind: 'declined',
          reason: findingText(decision.declinedBy),
          actor: customerActor(customerId),
        };
        const moved = await transition(
          store,
          application,
          ApplicationStep.declineBeforeAgreement,
          declined,
          async ({ outbox }, trx) => {
            await decisionFindingsRepository(trx).record(application.id, decision.findings);
            await outbox.enqueue({
              channel: 'email',
              to: customer.email,
              ...applicationDeclinedEmail(
                customer.firstName,
                counted ? answer.creditReferenceAgency : undefined,
              ),
            });
          },
        );
        return moved ? { kind: 'declined', answer } : { kind: 'closed' };
      }

      const given = {
        kind: 'bank-details',
        reason: 'bank account given; e-sign sent',
        actor: customerActor(customerId),
      };
      const moved = await transition(store, application, step, given, async ({ bankAccounts }, trx) => {
        await decisionFindingsRepository(trx).record(application.id, decision.findings);
        await bankAccounts.insert({ customerId, applicationId: application.id, ...bank });
        await startSigning(trx, application.guid);
      });
      return moved ? { kind: 'esignSent', statusId: step.to, guid: application.guid } : { kind: 'closed' };
    },
  };
}

export type Stage4Service = ReturnType<typeof stage4Service>;
