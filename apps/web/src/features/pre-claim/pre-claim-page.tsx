import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet heading="Pre Claim" about="Information about your account and the options open to you." />
  );
}
