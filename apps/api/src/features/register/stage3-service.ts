import { AppStatus } from '@lender/contract/status';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import { assessApplication } from '../../entities/affordability/assess-affordability';
import { agencyCommitmentsPence } from '../../entities/applications/decision/credit-file-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import { openApplication, transition } from '../../entities/applications/transition';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { customerActor } from '../../entities/audit/actor';

export type Stage3Outcome =
  { kind: 'completed'; statusId: number; guid: string } | { kind: 'declined' } | { kind: 'closed' };

/**
 * Register/SubmitStage3's rules (its dictionary ids are checked with the request): the stage open, then the affordability
 * assessment on the application's net income and the largest instalment of the accepted quote as the
 * pricing engine gives it today. Approved moves to applicationCompleted; declined to leadDeclined (an
 * ended application, as a declined stage1), with the figures recorded either way.
 */
export function stage3Service(store: Pick<EntityStore, 'applications' | 'creditSearches' | 'transaction'>) {
  return {
    async submit(customerId: number, details: AffordabilityDetails): Promise<Stage3Outcome> {
      const application = await openApplication(
        store.applications,
        customerId,
        ApplicationStep.passAffordability,
      );
      if (!application) return { kind: 'closed' };

      const report = await store.creditSearches.latestReportOf(application.guid);
      const fileCommitments = report ? agencyCommitmentsPence(report) : null;
      const { approved, figures, decision } = assessApplication(application, details, fileCommitments);
      const step = approved ? ApplicationStep.passAffordability : ApplicationStep.failAffordability;
      const moved = await transition(
        store,
        application,
        step,
        { ...decision, actor: customerActor(customerId) },
        async ({ affordability, customers }) => {
          await affordability.insert({ applicationId: application.id, details, ...figures, approved });
          await customers.updateHousing(customerId, details);
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
