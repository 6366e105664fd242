import { BRAND } from '@lender/contract/brand';
import { money } from './borrow-format';
import { Fact } from './borrow-table';

type Props = {
  /** The loan number: the reference that matches the money to the loan. */
  reference: number;
  /** What the customer chose to pay, when there is one. */
  amount: number | null;
};

/**
 * Paying by bank transfer instead of by card (issue 45): the lender's account (BRAND.repaymentAccount)
 * and the reference to quote, so that a customer whose card is blocked can pay without giving any card
 * or authority. Nothing is sent from this page: the money arrives when the bank sends it.
 */
export function BankTransferDetails({ reference, amount }: Props) {
  const account = BRAND.repaymentAccount;
  return (
    <div className="payment-bank-transfer">
      <p>
        {amount === null ? 'Please send' : <>Please send {money(amount)}</>} from your bank account to this
        account, quoting the reference below so that we can match it to your loan. It counts as paid on the
        day it reaches us, usually the same day.
      </p>
      <dl className="borrow-facts">
        <Fact term="Bank">{account.bankName}</Fact>
        <Fact term="Account name">{account.accountName}</Fact>
        <Fact term="Sort code">{account.sortCode}</Fact>
        <Fact term="Account number">{account.accountNumber}</Fact>
        <Fact term="Reference">{reference}</Fact>
        {amount === null ? null : <Fact term="Amount">{money(amount)}</Fact>}
      </dl>
    </div>
  );
}
