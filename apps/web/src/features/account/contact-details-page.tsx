import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountPage } from './account-page';
import { useHeldDetails } from './get-account-details';
import { MarketingPreferencesForm } from './marketing-preferences-form';

type RowProps = { term: string; children: ReactNode; change?: { to: string; label: string } };

/** One line of the summary list: what it is, what we hold, and where to change it. */
function Row({ term, children, change }: RowProps) {
  return (
    <div className="summary-list__row">
      <dt className="summary-list__key">{term}</dt>
      <dd className="summary-list__value">{children}</dd>
      {change ? (
        <dd className="summary-list__action">
          <Link to={change.to}>{change.label}</Link>
        </dd>
      ) : null}
    </div>
  );
}

/** Contact details (spec section 2): what we hold, read-only, with the four ways to change it. */
export function Component() {
  const { personalDetails: person, contactDetails: contact } = useHeldDetails();
  return (
    <AccountPage>
      <p>These are the details we hold for you and use to contact you.</p>
      <dl className="summary-list">
        <Row term="Full name">
          {person.firstName} {person.lastName}
        </Row>
        <Row term="E-mail" change={{ to: '/account/change-email', label: 'Change Email' }}>
          <span className="summary-list__text">{contact.email}</span>
          {contact.pendingEmail ? (
            <span className="summary-list__note">
              Waiting for you to click the link we sent to {contact.pendingEmail}. Until then we keep writing
              to the address above.
            </span>
          ) : null}
        </Row>
        <Row term="Mobile" change={{ to: '/account/change-mobile', label: 'Change Mobile' }}>
          {contact.mobile}
        </Row>
        <Row term="Password" change={{ to: '/account/change-password', label: 'Change Password' }}>
          Hidden for your security
        </Row>
        <Row term="Address" change={{ to: '/account/change-address', label: 'Change Address' }}>
          {contact.address.addressStr}
        </Row>
        <Row term="Documents" change={{ to: '/account/documents', label: 'View or upload documents' }}>
          Your agreements, statements, letters and uploads
        </Row>
      </dl>
      <MarketingPreferencesForm preferences={contact.contactPreferences} />
    </AccountPage>
  );
}
