import { AppStatus } from '@lender/contract/status';
import type { IsoDate } from '@lender/contract/dates';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import { assessApplication } from '../../entities/affordability/assess-affordability';
import { agencyCommitmentsPence } from '../../entities/applications/decision/credit-file-rules';
import { showsAMonth } from '@lender/contract/bank-statement';
import { requiredAtStage3 } from '../../entities/open-banking/bank-statement-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { openApplication, transition } from '../../entities/applications/transition';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { customerActor } from '../../entities/audit/actor';

export type Stage3Outcome =
  | { kind: 'completed'; statusId: number; guid: string }
  | { kind: 'declined' }
  | { kind: 'closed' }
  | { kind: 'connectionRequired' };

/**
 * Register/SubmitStage3's rules (its dictionary ids are checked with the request): the stage open, then the affordability
 * assessment on the application's net income and the largest instalment of the accepted quote as the
 * pricing engine gives it today. Approved moves to applicationCompleted; declined to leadDeclined (an
 * ended application, as a declined stage1), with the figures recorded either way. With the applicant's
 * bank statement (issue 49) the lower income and the higher spending count, and the statement's rules
 * decline; an application that needs the statement (docs/decisions/072) is not decided without it.
 */
export function stage3Service(
  store: Pick<
    EntityStore,
    'applications' | 'creditSearches' | 'bankConnections' | 'decisionFindings' | 'transaction'
  >,
  today: () => IsoDate,
) {
  return {
    async submit(customerId: number, details: AffordabilityDetails): Promise<Stage3Outcome> {
      const application = await openApplication(
        store.applications,
        customerId,
        ApplicationStep.passAffordability,
      );
      if (!application) return { kind: 'closed' };

      const [report, statement, earlier] = await Promise.all([
        store.creditSearches.latestReportOf(application.guid),
        store.bankConnections.usable(customerId, application.id, today()),
        store.decisionFindings.of(application.id),
      ]);
      const required = requiredAtStage3(application, earlier);
      if (required.length > 0 && !(statement && showsAMonth(statement.figures)))
        return { kind: 'connectionRequired' };
      const fileCommitments = report ? agencyCommitmentsPence(report) : null;
      const verified = statement
        ? { figures: statement.figures, consentReference: statement.consentReference }
        : null;
      const { approved, figures, decision, statementFindings } = assessApplication(
        application,
        details,
        fileCommitments,
        verified,
      );
      const step = approved ? ApplicationStep.passAffordability : ApplicationStep.failAffordability;
      const moved = await transition(
        store,
        application,
        step,
        { ...decision, actor: customerActor(customerId) },
        async ({ affordability, customers, bankConnections, decisionFindings }) => {
          await affordability.insert({ applicationId: application.id, details, ...figures, approved });
          await customers.updateHousing(customerId, details);
          if (statement) {
            await decisionFindings.record(application.id, statementFindings);
            await bankConnections.decidedOn(statement.id, application.id, today());
          }
        },
      );
      if (!moved) return { kind: 'closed' };
      return approved
        ? { kind: 'completed', statusId: AppStatus.applicationCompleted, guid: application.guid }
        : { kind: 'declined' };
    },
  };
}

export type Stage3Service = ReturnType<typeof stage3Service>;
