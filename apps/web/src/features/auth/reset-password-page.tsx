import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return <NotOnlineYet heading="Reset Password" about="Choose a new password for your account." />;
}
