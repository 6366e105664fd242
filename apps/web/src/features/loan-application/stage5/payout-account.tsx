import { BRAND, telHref } from '@lender/contract/brand';
import { useId } from 'react';

type Account = { sortCode: string; accountNumber: string };

/**
 * The account the loan will be paid into, masked (issue 45): shown beside the agreements, not only inside
 * one, so the applicant checks it is theirs before signing. Nothing before bank details are given.
 */
export function PayoutAccount({ account }: { account: Account | null }) {
  const headingId = useId();
  if (!account) return null;
  return (
    <section className="card esign-payout" aria-labelledby={headingId}>
      <h3 id={headingId}>Where we pay your loan</h3>
      <dl className="esign-payout__facts">
        <div>
          <dt>Sort code</dt>
          <dd>{account.sortCode}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd>{account.accountNumber}</dd>
        </div>
      </dl>
      <p>
        If this is not your bank account, do not sign: call us on{' '}
        <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a>.
      </p>
    </section>
  );
}
