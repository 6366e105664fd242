import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SuccessPanel as SharedPanel } from '../../components/success-panel';

export const CONTACT_DETAILS_PATH = '/account/contact-details';

/** The way back from a change screen to contact details: a quiet link, never the primary action. */
export function BackLink() {
  return (
    <Link to={CONTACT_DETAILS_PATH} className="button button--secondary">
      Back
    </Link>
  );
}

type Props = { heading: string; children?: ReactNode };

/** A change screen's outcome once the server accepted the change, in place of its form, with the way Back. */
export function SuccessPanel({ heading, children }: Props) {
  return (
    <SharedPanel heading={heading} level={3} className="banner banner--success account-panel">
      {children}
      <p className="account-panel__actions">
        <BackLink />
      </p>
    </SharedPanel>
  );
}
