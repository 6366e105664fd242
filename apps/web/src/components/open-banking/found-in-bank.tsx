import { showsAMonth } from '@lender/contract/bank-statement';
import type { VerificationView } from '@lender/contract/calls/open-banking';
import { EXPENSE_LABELS } from '@lender/contract/expenses';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';

/**
 * What the applicant's bank showed, before they submit (issue 49): each payer's monthly amount and the
 * spending seen, so they can correct the form where it differs. The figures are the server's.
 */
export function FoundInBank({ found }: { found: VerificationView }) {
  return (
    <div className="banner banner--success" role="status">
      <h3 className="bank-found__heading">What we found at {found.bankName}</h3>
      {!showsAMonth(found) ? (
        <p>
          This account shows only {found.daysCovered} {found.daysCovered === 1 ? 'day' : 'days'} of
          transactions, too few to confirm your income. If your income is paid into another account, please
          connect that one.
        </p>
      ) : found.incomeSources.length > 0 ? (
        <ul>
          {found.incomeSources.map((s) => (
            <li key={s.payer}>
              We saw {formatPence(s.monthlyPence)} a month from {s.payer}
            </li>
          ))}
        </ul>
      ) : (
        <p>We did not see a regular income paid into this account.</p>
      )}
      {found.spending.length > 0 ? (
        <>
          <p>Regular spending we saw each month:</p>
          <ul>
            {found.spending.map((s) => (
              <li key={s.category}>
                {EXPENSE_LABELS[s.category]}: {formatPence(s.monthlyPence)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        Read on {formatDisplayDate(found.readOn)} from {found.daysCovered} days of transactions. Please check
        your answers below and correct them if they differ: we use the lower income and the higher spending.
      </p>
    </div>
  );
}
