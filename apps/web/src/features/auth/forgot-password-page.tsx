import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Forgot Password"
      about="Enter the e-mail address you applied with and we will send you a link to set a new password."
    />
  );
}
