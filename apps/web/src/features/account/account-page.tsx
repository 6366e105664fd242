import type { ReactNode } from 'react';
import { Page } from '../../components/page';

type Props = {
  /** Names the change (an h2 under the title); the contact details page itself has none. */
  subheading?: string;
  children: ReactNode;
};

/** Every account screen: the spec's 'Contact Details' title, then the change it is about. */
export function AccountPage({ subheading, children }: Props) {
  return (
    <Page heading="Contact Details" title={subheading ?? 'Contact Details'} narrow>
      {subheading ? <h2 className="account__subheading">{subheading}</h2> : null}
      {children}
    </Page>
  );
}
