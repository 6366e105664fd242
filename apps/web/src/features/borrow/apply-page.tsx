import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Apply for a new loan"
      about="As a returning customer your details are filled in from your last loan."
    />
  );
}
