import { formatPence } from '@lender/contract/money';
import { assessAffordability } from '../../../affordability/assess-affordability';
import type { DecisionCheck } from '../decision-check';
import { largestInstalmentPence } from '../quote-figures';

/**
 * The affordability assessment (docs/decisions/015) at the figures asked for, when the applicant has
 * declared their expenses (a repeat loan, a lead with the stage 3 answers). Without them stage 3 assesses
 * later.
 */
export const affordabilityCheck: DecisionCheck = {
  name: 'affordability',
  readsTerms: true,
  async run(facts) {
    if (facts.expensesPence === null) return [];
    const netIncomePence = facts.netMonthlyIncomePence;
    const expensesPence = facts.expensesPence;
    const instalmentPence = largestInstalmentPence(facts.quote);
    const a = assessAffordability({ netIncomePence, expensesPence, instalmentPence });
    return [
      {
        check: 'affordability',
        outcome: a.approved ? 'pass' : 'decline',
        reasonCode: a.approved ? 'affordable' : 'too-little-left',
        details: { instalmentPence, leftPence: a.leftPence, bufferPence: a.bufferPence },
        text:
          `net ${formatPence(netIncomePence)} - expenses ${formatPence(expensesPence)} - instalment ` +
          `${formatPence(instalmentPence)} = ${formatPence(a.leftPence)} left, buffer ` +
          `${formatPence(a.bufferPence)}`,
      },
    ];
  },
};
