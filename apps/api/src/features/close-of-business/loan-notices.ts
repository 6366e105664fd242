import type { IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import type { Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { NonCompliance } from '../../entities/loans/statement-compliance';
import type { EntityStore } from '../../entities/unit-of-work';
import { arrearsNoticeStep } from './arrears-notice-step';
import { defaultNoticeStep } from './default-notice-step';

/**
 * What the Consumer Credit Act asks of a loan in arrears on a closed day (decision 023): the s86B notice
 * of sums in arrears and its repeats (arrears-notice-step.ts, decision 054), then the s87 default notice,
 * its remedy, default once the remedy date passes unpaid, and the legal flag after a long default
 * (default-notice-step.ts, decision 056). Each notice and its e-mail are written together, once.
 */
export function loanNotices(ctx: AppContext, store: EntityStore) {
  const arrearsNotice = arrearsNoticeStep(ctx, store);
  const defaultsFor = defaultNoticeStep(ctx, store);
  return async function noticesFor(
    book: LoanBook,
    statusId: number,
    date: IsoDate,
    now: Position,
    arrearsPence: number,
    /** A period of non-compliance with s77A the day is in: the notices go out, nothing is enforced. */
    lateStatement: NonCompliance | null,
  ) {
    await arrearsNotice(book, date, now, arrearsPence);
    await defaultsFor(book, statusId, date, now, arrearsPence, lateStatement);
  };
}
