import { DeclineDetails } from '../../components/decline/decline-details';
import { Link } from 'react-router';
import { SuccessPanel } from '../../components/success-panel';

/**
 * The lead's application went to e-sign (spec section 2's e-mail-sent note). The page keeps no session:
 * the e-mailed link is the way on, and this browser's signing link lets the person sign now.
 */
export function EmailSentNote({ signPath }: { signPath: string }) {
  return (
    <SuccessPanel heading="Check your e-mail">
      <p>
        We have sent you an e-mail titled &lsquo;Application e-Sign process&rsquo; with the link to read and
        sign your loan agreement, and a text message with your SMS code.
      </p>
      <p>You can sign now, or later with the link in the e-mail.</p>
      <div className="form-actions">
        <Link className="button" to={signPath}>
          Continue to sign now
        </Link>
      </div>
    </SuccessPanel>
  );
}

/** A lead declined on submit (201): the thank-you of spec section 8, word for word. */
export function DeclinedPanel() {
  return (
    <SuccessPanel heading="Thank you for your application">
      <p>
        After careful review, we regret to inform you that we are unable to approve it at this time. You may
        be eligible to reapply in the future.
      </p>
      <DeclineDetails agency={null} />
    </SuccessPanel>
  );
}
