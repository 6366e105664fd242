import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return <NotOnlineYet heading="Add a card" about="Add the debit card you want to repay with." />;
}
