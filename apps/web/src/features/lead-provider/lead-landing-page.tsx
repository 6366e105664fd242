import { useEffect } from 'react';
import { NotOnlineYet } from '../../components/not-online-yet';
import { hasSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

export function Component() {
  // The offer is the lead's, not a signed-in customer's (spec section 6): whoever was signed in here is signed out.
  useEffect(() => {
    if (hasSession()) signOut();
  }, []);
  return (
    <NotOnlineYet
      heading="Your personalised loan offer"
      about="We are a direct lender, and you have passed our initial assessment."
    />
  );
}
