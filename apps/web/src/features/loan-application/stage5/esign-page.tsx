import { NotOnlineYet } from '../../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Sign your loan agreement"
      about="We send you two verification codes, one by SMS and one by e-mail, to confirm that it is you signing."
    />
  );
}
