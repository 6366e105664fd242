import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet heading="Repayment schedule" about="Your payment plan and the transactions on your loan." />
  );
}
