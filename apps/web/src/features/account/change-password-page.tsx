import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Contact Details"
      subheading="Change Password"
      about="Change the password you sign in with."
    />
  );
}
