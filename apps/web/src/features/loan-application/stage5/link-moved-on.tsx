import { BRAND, telHref } from '@lender/contract/brand';
import { ErrorId } from '@lender/contract/error-ids';
import type { ReactNode } from 'react';
import { AfterSigningSteps, SignInToAccount } from '../after-signing';

type Outcome = { heading: string; body: ReactNode };

/**
 * The e-mailed signing link of an application that has moved on, as the server tells only the link's
 * holder (issue 31, docs/decisions/036): each case in its own words with the way on, instead of the
 * e-sign error page, which asks to press this very link.
 */
const OUTCOMES: Record<number, Outcome> = {
  [ErrorId.esignAlreadySigned]: {
    heading: 'Your loan agreement is signed',
    body: (
      <>
        {/* The heading says it is signed; the first line, what that means for the customer. */}
        <p>There is nothing more to sign.</p>
        <AfterSigningSteps />
        <SignInToAccount />
      </>
    ),
  },
  [ErrorId.esignDeclined]: {
    heading: 'We cannot lend to you this time',
    body: (
      <>
        <p>The agreement you signed will not go ahead, and nothing is owed.</p>
        <p>
          We have e-mailed you why. If you think something is wrong, or you would like a person to look at
          your application again, call us on <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> or
          e-mail <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
        </p>
        <p>
          Free, impartial help with money is at <a href={BRAND.moneyHelperUrl}>MoneyHelper</a>.
        </p>
      </>
    ),
  },
  [ErrorId.signingLinkExpired]: {
    heading: 'This signing link has expired',
    body: (
      <>
        <p>A signing link lasts 14 days, and this one ran out before the agreement was signed.</p>
        <SignInToAccount why="Your application is still open: sign in to carry on, and we will take you back to your agreement, with its figures for today." />
      </>
    ),
  },
};

/** The page's heading and words for an e-sign answer of one of these errorIDs, or null for any other. */
export const linkMovedOn = (errorID: number | null): Outcome | null =>
  (errorID !== null && OUTCOMES[errorID]) || null;
