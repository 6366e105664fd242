import { NotOnlineYet } from '../../components/not-online-yet';

export function Component() {
  return (
    <NotOnlineYet
      heading="Application/Loan status"
      about="The status of your application or loan and your borrowing over the last 12 months."
    />
  );
}
