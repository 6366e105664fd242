import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

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

/**
 * What a change screen shows once the server accepted the change, in place of its form. Focus moves to
 * its heading, so a screen reader hears the outcome and the next Tab reaches Back.
 */
export function SuccessPanel({ heading, children }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="banner banner--success account-panel" aria-labelledby={headingId}>
      <h3 ref={headingRef} id={headingId} tabIndex={-1}>
        {heading}
      </h3>
      {children}
      <p className="account-panel__actions">
        <BackLink />
      </p>
    </section>
  );
}
