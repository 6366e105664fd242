import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Contact Details"
      subheading="Change Email"
      about="Change the e-mail address we write to."
    />
  );
}
