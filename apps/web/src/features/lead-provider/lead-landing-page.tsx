import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Your personalised loan offer"
      about="We are a direct lender, and you have passed our initial assessment."
    />
  );
}
