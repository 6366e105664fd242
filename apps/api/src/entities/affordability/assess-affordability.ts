import { formatPence, type Pence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import type { LoanTerms } from '../applications/loan-terms';
import type { AffordabilityDetails } from './affordability-repository';
import { bankStatementBreaches, withVerifiedFigures } from '../open-banking/bank-statement-rules';
import { statementFindings } from '../open-banking/statement-findings';
import type { VerifiedFigures } from '../open-banking/verified-figures';

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
 * With the applicant's bank statement (issue 49, docs/decisions/072) it takes the lower income and the
 * higher spending per category, and the statement's own rules (gambling, returned direct debits, other
 * HCSTC lenders) decline.
 */
export function assessApplication(
  application: { terms: LoanTerms; dailyRate: number; netMonthlyIncomePence: Pence },
  details: Pick<AffordabilityDetails, 'expensesPence'>,
  /**
   * The monthly credit commitments the applicant's credit file shows (issue 47), or null without a
   * report: they replace the declared 'credit commitments' when higher, as people forget a card or two.
   */
  fileCommitmentsPence: Pence | null = null,
  verified: { figures: VerifiedFigures; consentReference: string } | null = null,
) {
  const quote = buildQuote({ ...application.terms, dailyRate: application.dailyRate });
  const instalmentPence = Math.max(...quote.schedule.map((line) => line.paymentPence));
  const declaredCredit = details.expensesPence.creditCommitment ?? 0;
  const fromFile = fileCommitmentsPence !== null && fileCommitmentsPence > declaredCredit;
  const declared = {
    ...details.expensesPence,
    ...(fromFile ? { creditCommitment: fileCommitmentsPence } : {}),
  };
  const seen = withVerifiedFigures(application.netMonthlyIncomePence, declared, verified?.figures ?? null);
  const expensesPence = Object.values(seen.expensesPence).reduce((sum, p) => sum + p, 0);
  const netIncomePence = seen.incomePence;
  const assessment = assessAffordability({ netIncomePence, expensesPence, instalmentPence });
  const breaches = verified ? bankStatementBreaches(verified.figures) : [];
  const declinedBy = breaches.find((b) => b.outcome === 'decline');
  const approved = assessment.approved && !declinedBy;
  const notes = [
    fromFile
      ? `credit commitments ${formatPence(fileCommitmentsPence)} from the credit file, declared ${formatPence(declaredCredit)}`
      : null,
    verified ? statementNote(verified.consentReference, application.netMonthlyIncomePence, seen) : null,
    ...breaches.map((b) => `bank statement: ${b.text}`),
  ].filter((n): n is string => n !== null);
  return {
    approved,
    /** The figures the affordability record stores beside the answers. */
    figures: { netIncomePence, expensesPence, instalmentPence, bufferPence: assessment.bufferPence },
    /** The statement's findings, for the decision's findings (none without a statement). */
    statementFindings: verified
      ? statementFindings(verified.consentReference, breaches, verified.figures.daysCovered)
      : [],
    decision: {
      kind: approved ? 'affordability-passed' : 'declined',
      reason:
        `affordability: net ${formatPence(netIncomePence)} - expenses ${formatPence(expensesPence)} - ` +
        `instalment ${formatPence(instalmentPence)} = ${formatPence(assessment.leftPence)} left, ` +
        `buffer ${formatPence(assessment.bufferPence)}` +
        notes.map((n) => `; ${n}`).join(''),
    },
  };
}

const statementNote = (
  reference: string,
  declaredIncomePence: Pence,
  seen: ReturnType<typeof withVerifiedFigures>,
) =>
  `bank statement ${reference}: income ` +
  (seen.incomeLowered
    ? `${formatPence(seen.incomePence)} verified, ${formatPence(declaredIncomePence)} declared`
    : `${formatPence(declaredIncomePence)} declared, confirmed`) +
  (seen.raised.length > 0 ? `; spending raised to the statement's in ${seen.raised.join(', ')}` : '');
