import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';

/**
 * What happens after a signature, as the product does it (features/esign and features/underwriting on
 * the API): the signed copy is e-mailed at once; the rules decide within minutes, a person within one
 * working day when they refer it, or a smaller amount comes as a new agreement to sign; an approved loan
 * is paid by Faster Payment within 15 minutes of the approval e-mail. The success page and a signed
 * application's e-mailed link both say it, so they cannot drift apart.
 */
export function AfterSigningSteps() {
  return (
    <>
      <h2 id="after-signing-steps">What happens next</h2>
      <ol aria-labelledby="after-signing-steps">
        <li>
          We have e-mailed you a copy of your signed agreement (a PDF). Please keep it: it also explains your
          right to withdraw within 14 days.
        </li>
        <li>
          Our final checks start straight away, and we will e-mail you our decision, usually within a few
          minutes. If one of our team needs to look at your application, they will e-mail you within one
          working day; if we can lend you only a smaller amount, we will send you a new agreement to sign.
        </li>
        <li>
          If your loan is approved, the money is sent to your bank account by Faster Payment, within 15
          minutes of our approval e-mail. Your repayments are then collected from your debit card on the dates
          in your agreement.
        </li>
      </ol>
    </>
  );
}

/**
 * The way into the account from a page a signed-out applicant lands on: sign-in leads a signed-in one on
 * to their account by itself. A new customer sets their password with the link of the welcome e-mail.
 */
export function SignInToAccount({
  why = 'Sign in to follow your application and, once it is paid out, your loan and repayments.',
}: {
  why?: string;
}) {
  return (
    <>
      <p>
        {why} New to {BRAND.name}? Set your password first with the link in our welcome e-mail.
      </p>
      <p>
        <Link to="/login" className="button">
          Sign in to your account
        </Link>
      </p>
    </>
  );
}
