import { ErrorId } from '@lender/contract/error-ids';
import type { AgencyParticularsView } from '@lender/contract/calls/credit-reference';
import { Link } from 'react-router';
import { DeclineDetails } from '../../../components/decline/decline-details';

const EXISTING_ACCOUNT: number[] = [
  ErrorId.existingApplicationInProgress,
  ErrorId.emailAlreadyRegistered,
  ErrorId.mobileAlreadyRegistered,
];

/**
 * The thank-you outcomes of stage1: an existing account, or a decline, with the credit reference agency
 * whose information counted when one did (stage 1's soft search; stage 4's hard one).
 */
export function Stage1Outcome({
  errorId,
  agency = null,
}: {
  errorId: number;
  agency?: AgencyParticularsView | null;
}) {
  return (
    <section className="card" aria-labelledby="outcome-heading">
      <h2 id="outcome-heading" tabIndex={-1}>
        Thank you for your application
      </h2>
      {EXISTING_ACCOUNT.includes(errorId) ? (
        <p>
          You already have an account with us. To apply for a new loan, please log in to your account.{' '}
          <Link to="/login">Log in</Link>
        </p>
      ) : (
        <>
          <p>
            After careful review, we regret to inform you that we are unable to approve it at this time. You
            may be eligible to reapply in the future.
          </p>
          <DeclineDetails agency={agency} />
        </>
      )}
    </section>
  );
}
