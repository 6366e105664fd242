import type { DbExecutor } from '../../db/create-db';
import type { Actor } from '../audit/actor';
import type { UnitOfWork } from '../unit-of-work';
import type { Application, ApplicationRepository } from './application-repository';

/** A step of an application's life: the statuses it may be taken from, and the status it leads to. */
export type Step = { readonly from: readonly number[]; readonly to: number };

/** Why a step was taken and who took it, for the application's decision record (staff and the regulator read it). */
export type DecisionNote = { kind: string; reason: string; actor: Actor };

type WithApplications = { applications: Pick<ApplicationRepository, 'moveStatus' | 'recordDecision'> };

/**
 * The customer's newest application, if a step may be taken from where it stands; undefined otherwise
 * (none, or it has moved on). A read only: `transition` checks again where it counts.
 */
export async function openApplication(
  applications: Pick<ApplicationRepository, 'latest'>,
  customerId: number,
  step: Pick<Step, 'from'>,
): Promise<Application | undefined> {
  const application = await applications.latest(customerId);
  return application && isOpenFor(step, application.statusId) ? application : undefined;
}

/** Whether a step may be taken from this status (the step's own list, `ApplicationStep`). */
export const isOpenFor = (step: Pick<Step, 'from'>, statusId: number) => step.from.includes(statusId);

/**
 * Takes one step of an application's life in one transaction: the status moves (only from one of
 * `step.from`, so of two racing requests the second moves nothing and gets false), then `work` runs with
 * the transaction's repositories, then the decision is recorded. Anything `work` throws undoes it all.
 * Every change of status goes through here: the stages, and servicing's approve, fund, settle, withdraw.
 */
export async function transition<R extends WithApplications>(
  store: Pick<UnitOfWork<R>, 'transaction'>,
  application: Pick<Application, 'id' | 'customerId'>,
  step: Step,
  decision: DecisionNote,
  work: (repositories: R, trx: DbExecutor) => Promise<unknown> = async () => {},
): Promise<boolean> {
  return store.transaction(async (repositories, trx) => {
    if (!(await repositories.applications.moveStatus(application.id, step.from, step.to))) return false;
    await work(repositories, trx);
    await repositories.applications.recordDecision({
      applicationId: application.id,
      customerId: application.customerId,
      ...decision,
    });
    return true;
  });
}
