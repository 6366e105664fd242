import { NotOnlineYet } from '../../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Affordability check"
      subheading="Step 4 of 4"
      about="Your bank details are used to transfer the money to you."
    />
  );
}
