import { isEnded } from '../../application-status';
import type { DecisionCheck, Finding } from '../decision-check';

/** Reason codes: the callers answer by them (stage 1 names the clash; a partner's lead stores it). */
export const ExistingCustomerCode = {
  newPerson: 'newPerson',
  applicationInProgress: 'applicationInProgress',
  emailRegistered: 'emailRegistered',
  mobileRegistered: 'mobileRegistered',
} as const;

/**
 * A new applicant (our form or a partner's lead) whose e-mail or mobile is a customer's already: they
 * sign in instead, or finish the application they have in progress. A repeat loan is the customer's own,
 * so the check does not apply to it (whether they may apply again is the repeat loan's own gate).
 */
export const existingCustomerCheck: DecisionCheck = {
  name: 'existing-customer',
  readsTerms: false,
  async run(facts, { records }): Promise<Finding[]> {
    if (facts.channel === 'repeat') return [];
    const { email, mobile } = facts.applicant;
    const existing = await records.customers.findByEmailOrMobile(email, mobile);
    const finding = (outcome: Finding['outcome'], reasonCode: string, text: string): Finding[] => [
      { check: 'existing-customer', outcome, reasonCode, details: {}, text },
    ];
    if (existing.length === 0) return finding('pass', ExistingCustomerCode.newPerson, 'not a customer yet');
    const statuses = await records.applications.statusesOf(existing.map((e) => e.id));
    if (statuses.some((s) => !isEnded(s))) {
      return finding('decline', ExistingCustomerCode.applicationInProgress, 'an application in progress');
    }
    return existing.some((e) => e.email === email)
      ? finding('decline', ExistingCustomerCode.emailRegistered, 'e-mail address registered')
      : finding('decline', ExistingCustomerCode.mobileRegistered, 'mobile number registered');
  },
};
