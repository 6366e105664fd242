import { formatPence, type Pence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import type { LoanTerms } from '../applications/loan-terms';
import type { AffordabilityDetails } from './affordability-repository';

/**
 * What must be left each month after declared expenses and the largest instalment
 * (docs/decisions/015): a tenth of net income, and never less than £50, for the costs no slider names
 * and for a month that goes worse than planned.
 */
export const AFFORDABILITY_BUFFER = { shareOfIncome: 0.1, minimumPence: 5_000 } as const;

export type AffordabilityInput = {
  netIncomePence: Pence;
  expensesPence: Pence;
  instalmentPence: Pence;
};

export type Assessment = { approved: boolean; bufferPence: Pence; leftPence: Pence };

/** Net income minus declared expenses minus the instalment must cover the buffer. */
export function assessAffordability(input: AffordabilityInput): Assessment {
  // Rounded up: the buffer is a floor, so rounding must never lower it.
  const bufferPence = Math.max(
    AFFORDABILITY_BUFFER.minimumPence,
    Math.ceil(input.netIncomePence * AFFORDABILITY_BUFFER.shareOfIncome),
  );
  const leftPence = input.netIncomePence - input.expensesPence - input.instalmentPence;
  return { approved: leftPence >= bufferPence, bufferPence, leftPence };
}

/**
 * Stage 3's assessment of an application (docs/decisions/015): its net income, the declared expenses and
 * the largest instalment of its terms as the pricing engine gives them today, with the decision's reason
 * (staff and the regulator read it). Register/SubmitStage3 and a landed lead's submit both decide by it.
 */
export function assessApplication(
  application: { terms: LoanTerms; dailyRate: number; netMonthlyIncomePence: Pence },
  details: Pick<AffordabilityDetails, 'expensesPence'>,
  /**
   * The monthly credit commitments the applicant's credit file shows (issue 47), or null without a
   * report: they replace the declared 'credit commitments' when higher, as people forget a card or two.
   */
  fileCommitmentsPence: Pence | null = null,
) {
  const quote = buildQuote({ ...application.terms, dailyRate: application.dailyRate });
  const instalmentPence = Math.max(...quote.schedule.map((line) => line.paymentPence));
  const declaredCredit = details.expensesPence.creditCommitment ?? 0;
  const fromFile = fileCommitmentsPence !== null && fileCommitmentsPence > declaredCredit;
  const expenses = {
    ...details.expensesPence,
    ...(fromFile ? { creditCommitment: fileCommitmentsPence } : {}),
  };
  const expensesPence = Object.values(expenses).reduce((sum, p) => sum + p, 0);
  const netIncomePence = application.netMonthlyIncomePence;
  const assessment = assessAffordability({ netIncomePence, expensesPence, instalmentPence });
  return {
    approved: assessment.approved,
    /** The figures the affordability record stores beside the answers. */
    figures: { netIncomePence, expensesPence, instalmentPence, bufferPence: assessment.bufferPence },
    decision: {
      kind: assessment.approved ? 'affordability-passed' : 'declined',
      reason:
        `affordability: net ${formatPence(netIncomePence)} - expenses ${formatPence(expensesPence)} - ` +
        `instalment ${formatPence(instalmentPence)} = ${formatPence(assessment.leftPence)} left, ` +
        `buffer ${formatPence(assessment.bufferPence)}` +
        (fromFile
          ? `; credit commitments ${formatPence(fileCommitmentsPence)} from the credit file, declared ${formatPence(declaredCredit)}`
          : ''),
    },
  };
}
