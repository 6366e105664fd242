import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';

type Props = {
  lines: readonly { date: string; pence: Pence }[];
  /** A Total row, when the screen shows one. */
  totalPence?: Pence;
  className: string;
};

/** A quote's payments, date by date, as the quote screen and the repeat loan's live quote show them. */
export function RepaymentScheduleTable({ lines, totalPence, className }: Props) {
  return (
    <table className={className}>
      <caption>Repayment schedule</caption>
      <thead>
        <tr>
          <th scope="col">Payment date</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={`${i}-${line.date}`}>
            <th scope="row">{formatDisplayDate(line.date)}</th>
            <td>{formatPence(line.pence)}</td>
          </tr>
        ))}
      </tbody>
      {totalPence === undefined ? null : (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatPence(totalPence)}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
