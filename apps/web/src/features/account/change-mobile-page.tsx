import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Contact Details"
      subheading="Change Mobile"
      about="Change the mobile number we send codes to."
    />
  );
}
