import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import type { NonCompliance } from './statement-compliance';
import { arrearsPence, positionOf, type LedgerRow, type LoanTerms, type Position } from './ledger';

/** What the enforcement rules read of a loan: its status and its default notice's dates. */
export type EnforcementState = {
  statusId: number;
  defaultNoticeOn: IsoDate | null;
  remedyBy: IsoDate | null;
  defaultedOn: IsoDate | null;
  /** The period of non-compliance with s77A the day falls in (a late annual statement), if any. */
  lateStatement?: NonCompliance | null;
};

export type LegalRefusal = {
  code: 'not-defaulted' | 'no-default-notice' | 'remedy-date-not-passed' | 'annual-statement-late';
  message: string;
};

/**
 * Whether the account may be flagged legal today, which issues the Letter of Claim for the whole balance
 * (issue 46 item 1). Consumer Credit Act s87(1)(b): no demand for earlier payment of any sum by reason of
 * a breach without a default notice served under s88, and s88(2): no such action before the notice's
 * remedy date. So only a defaulted loan, defaulted under a notice on record, after that notice's remedy
 * date. The one rule for staff (`ops legal <guid> on`) and for the close of business alike; null: allowed.
 */
export function legalRefusal(loan: EnforcementState, today: IsoDate): LegalRefusal | null {
  const why =
    'a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2))';
  if (loan.statusId !== AppStatus.defaulted || !loan.defaultedOn) {
    return { code: 'not-defaulted', message: `The loan is not in default: ${why}.` };
  }
  if (!loan.remedyBy || !loan.defaultNoticeOn) {
    return { code: 'no-default-notice', message: `The loan has no default notice on record: ${why}.` };
  }
  if (today <= loan.remedyBy) {
    return {
      code: 'remedy-date-not-passed',
      message: `The default notice of ${formatDisplayDate(loan.defaultNoticeOn)} gives until ${formatDisplayDate(loan.remedyBy)} to remedy the breach: ${why}.`,
    };
  }
  if (loan.lateStatement) return annualStatementLate(loan.lateStatement);
  return null;
}

/** s77A(6)(a): no enforcement while an annual statement is late (until the day it is given). */
export function annualStatementLate(late: NonCompliance): LegalRefusal {
  return {
    code: 'annual-statement-late',
    message: `The annual statement for the year to ${formatDisplayDate(late.periodEnd)} was not given within its 30 days${late.to ? `; it was given on ${formatDisplayDate(late.to)}` : ''}: the agreement cannot be enforced until it is given (Consumer Credit Act 1974 s77A(6)(a)).`,
  };
}

/**
 * The sum a default notice given on `date` asks to remedy the breach (s88(1)(b)): what is overdue that
 * day without the default fee. The fee is charged for the breach, not a sum whose non-payment is it, so
 * it is never part of the remedy (issue 46 item 3).
 */
export const remedySumPence = (terms: LoanTerms, position: Position, date: IsoDate): Pence =>
  Math.max(0, arrearsPence(terms, position, date) - position.feesDuePence);

/**
 * What was paid towards a default notice by `through`: every payment dated after the notice's day (the
 * notice's sum already counts that day's) up to `through`, never after its remedy date. Reversed
 * payments do not count.
 */
export function paidTowardsNotice(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  notice: { noticeOn: IsoDate; remedyBy: IsoDate },
  through: IsoDate,
): Pence {
  const until = through < notice.remedyBy ? through : notice.remedyBy;
  if (until <= notice.noticeOn) return 0;
  return positionOf(terms, rows, until).paidPence - positionOf(terms, rows, notice.noticeOn).paidPence;
}

/**
 * s89: the breach is remedied when the sum the notice stated is paid by its remedy date, whatever else
 * fell due meanwhile (a later instalment is not part of that notice). `sumPence` null: a notice given
 * before the sum was kept, whose sum is worked out from the ledger on its day.
 */
export function noticeRemedied(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
  notice: { noticeOn: IsoDate; remedyBy: IsoDate; sumPence: Pence | null },
  through: IsoDate,
): { remedied: boolean; sumPence: Pence; paidPence: Pence } {
  const sumPence =
    notice.sumPence ?? remedySumPence(terms, positionOf(terms, rows, notice.noticeOn), notice.noticeOn);
  const paidPence = paidTowardsNotice(terms, rows, notice, through);
  return { remedied: paidPence >= sumPence, sumPence, paidPence };
}
