import { screenApplicant } from '../../stage1-screen';
import type { DecisionCheck } from '../decision-check';

/**
 * Stage 1's first screen (docs/decisions/006): an adult, living in England or Wales, whose largest
 * instalment is at most 40% of net monthly income. A repeat applicant's residency was asked at stage 1;
 * a home that has moved is underwriting's referral, so the caller gives it as resident.
 */
export const screenCheck: DecisionCheck = {
  name: 'screen',
  readsTerms: true,
  async run(facts) {
    const result = screenApplicant(
      {
        birthDate: facts.applicant.birthDate,
        isResident: facts.applicant.isResident,
        terms: facts.terms,
        netMonthlyIncomePence: facts.netMonthlyIncomePence,
        dailyRate: facts.dailyRate,
      },
      facts.today,
    );
    return [
      result.approved
        ? { check: 'screen', outcome: 'pass', reasonCode: 'passed', details: {}, text: 'first screen passed' }
        : {
            check: 'screen',
            outcome: 'decline',
            reasonCode: result.code,
            details: result.details,
            text: result.reason,
          },
    ];
  },
};
