import { NotOnlineYet } from '../../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Affordability check"
      subheading="Step 3 of 4"
      about="We ask about your home, work and monthly outgoings so that we only lend what you can afford to repay."
    />
  );
}
