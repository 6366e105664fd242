import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Make a payment"
      about="Pay your balance in full or in part by debit card, or reschedule your payment plan."
    />
  );
}
