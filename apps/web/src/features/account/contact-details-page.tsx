import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Contact Details"
      about="Your e-mail address, mobile number, name and address as we hold them."
    />
  );
}
