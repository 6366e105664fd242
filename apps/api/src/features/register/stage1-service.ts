import type { Pence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/unique-violation';
import { isEnded } from '../../entities/applications/application-status';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import type { NewCustomer } from '../../entities/customers/customer-repository';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { EntityRepositories, EntityStore } from '../../entities/unit-of-work';
import { screenApplicant, type ScreenResult } from '../../entities/applications/stage1-screen';
import { sendWelcomeEmail } from './welcome-email';
import { customerActor } from '../../entities/audit/actor';

export type Stage1Application = {
  customer: NewCustomer;
  terms: LoanTerms;
  productId: number;
  isResident: boolean;
  netMonthlyIncomePence: Pence;
  numDependents: number;
  source: string | null;
  campaign: string | null;
  tierName: string | null;
};

export type Stage1Outcome =
  | { kind: 'approved'; tokens: { token: string; refreshToken: string } }
  | { kind: 'declined' }
  | { kind: 'applicationInProgress' }
  | { kind: 'emailRegistered' }
  | { kind: 'mobileRegistered' };

type Clash = Extract<
  Stage1Outcome,
  { kind: 'applicationInProgress' | 'emailRegistered' | 'mobileRegistered' }
>;

/**
 * Stage1: the applicant becomes a customer (no password yet) with an application in status
 * applicationNew, in one transaction with the welcome e-mail and their session. An e-mail or mobile
 * already registered answers which one, or that its customer has an application in progress. A decline
 * is recorded with its reason.
 */
export function stage1Service(store: EntityStore, config: Pick<Config, 'PROVIDER_TIERS' | 'PUBLIC_URL'>) {
  const dailyRateFor = dailyRateRule(config);

  async function clashWithExisting(c: Pick<NewCustomer, 'email' | 'mobile'>): Promise<Clash | null> {
    const existing = await store.customers.findByEmailOrMobile(c.email, c.mobile);
    if (existing.length === 0) return null;
    const statuses = await store.applications.statusesOf(existing.map((e) => e.id));
    if (statuses.some((s) => !isEnded(s))) return { kind: 'applicationInProgress' };
    return existing.some((e) => e.email === c.email)
      ? { kind: 'emailRegistered' }
      : { kind: 'mobileRegistered' };
  }

  async function register(
    repositories: EntityRepositories,
    a: Stage1Application,
    dailyRate: number,
    screen: ScreenResult,
  ) {
    const { customers, applications, sessions } = repositories;
    const customerId = await customers.insert(a.customer);
    const applicationId = await applications.insert({
      guid: randomUUID(),
      customerId,
      statusId: screen.approved ? AppStatus.applicationNew : AppStatus.leadDeclined,
      productId: a.productId,
      terms: a.terms,
      dailyRate,
      netMonthlyIncomePence: a.netMonthlyIncomePence,
      numDependents: a.numDependents,
      source: a.source,
      campaign: a.campaign,
      tierName: a.tierName,
    });
    await applications.recordDecision({
      applicationId,
      customerId,
      kind: screen.approved ? 'stage1-passed' : 'declined',
      actor: customerActor(customerId),
      reason: screen.approved ? 'first screen passed' : screen.reason,
    });
    if (!screen.approved) return null;
    await sendWelcomeEmail(repositories, config.PUBLIC_URL, {
      customerId,
      email: a.customer.email,
      firstName: a.customer.firstName,
      amountPence: a.terms.amountPence,
    });
    // Issued in the same transaction: an acknowledged application always has its session.
    return sessions.issue(customerId);
  }

  return {
    async submit(a: Stage1Application): Promise<Stage1Outcome> {
      const clash = await clashWithExisting(a.customer);
      if (clash) return clash;

      const dailyRate = dailyRateFor(a.tierName);
      const screen = screenApplicant({
        birthDate: a.customer.birthDate,
        isResident: a.isResident,
        terms: a.terms,
        netMonthlyIncomePence: a.netMonthlyIncomePence,
        dailyRate,
      });
      try {
        const tokens = await store.transaction((repositories) =>
          register(repositories, a, dailyRate, screen),
        );
        return tokens ? { kind: 'approved', tokens } : { kind: 'declined' };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // A submission with the same e-mail or mobile committed between our lookup and our insert: the
        // same lookup now sees it, so this one gets the answer it would have had a moment later.
        const clashNow = await clashWithExisting(a.customer);
        if (!clashNow) throw err;
        return clashNow;
      }
    },
  };
}

export type Stage1Service = ReturnType<typeof stage1Service>;
