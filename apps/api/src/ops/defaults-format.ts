import { formatPence } from '@lender/contract/money';
import type { DefaultToReview } from '../features/close-of-business/defaults-review-staff';

/** `ops defaults review`: each default whose notice's sum was paid by its remedy date. */
export function defaultsReviewLines(defaults: readonly DefaultToReview[]): string[] {
  return [
    `${defaults.length} default(s) to review: the default notice's sum was paid by its remedy date (s89).`,
    ...defaults.map(
      (d) =>
        `${d.guid}  ${d.name}  notice of ${d.noticeOn} asked ${formatPence(d.sumPence)}` +
        `${d.sumKept ? '' : ' (worked out from the ledger)'} by ${d.remedyBy}; ` +
        `${formatPence(d.paidPence)} paid by then; defaulted on ${d.defaultedOn}.`,
    ),
  ];
}
