import { NotOnlineYet } from '../../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Debit Card Check"
      subheading="Step 2 of 4"
      about="We check that your debit card is yours and active. The card check opens once you have accepted your quote."
    />
  );
}
