import type { CallResponse } from '@lender/contract/api-calls';
import { COMPLAINT_CATEGORY_NAMES, COMPLAINT_OUTCOME_NAMES } from '@lender/contract/calls/staff-complaints';
import { formatDisplayDate } from '@lender/contract/dates';
import { callRoutes } from 'virtual:call-routes';
import { Link } from 'react-router';
import { money } from './staff-format';

export type Complaint = CallResponse<'complaintsList'>['complaints'][number];

const CLOCK_TEXT: Record<Complaint['clock'], string> = {
  open: 'Open',
  dueSoon: 'Due soon',
  overdue: 'Overdue',
  closed: 'Closed',
};

/** Where the final response letter downloads from (the staff session's cookie goes with the link). */
export const letterLink = (complaintId: number) =>
  `${callRoutes.complaintsLetter.path}?${new URLSearchParams({ complaintId: String(complaintId) })}`;

/** A table of complaints: the 8-week clock for open ones, the outcome and letter for closed ones. */
export function ComplaintsTable({
  caption,
  complaints,
  withCustomer,
  action,
}: {
  caption: string;
  complaints: readonly Complaint[];
  withCustomer: boolean;
  action?: (c: Complaint) => React.ReactNode;
}) {
  return (
    <table className="staff-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          {withCustomer ? <th scope="col">Customer</th> : null}
          <th scope="col">Category</th>
          <th scope="col">Received</th>
          <th scope="col">Final response due</th>
          <th scope="col">Status</th>
          <th scope="col">Outcome</th>
          {action ? <th scope="col">Action</th> : null}
        </tr>
      </thead>
      <tbody>
        {complaints.map((c) => (
          <tr key={c.complaintId}>
            <th scope="row">{c.reference}</th>
            {withCustomer ? (
              <td>
                <Link to={`/staff/customers/${c.customerId}`}>{c.customerName}</Link>
              </td>
            ) : null}
            <td>{COMPLAINT_CATEGORY_NAMES[c.category]}</td>
            <td>{formatDisplayDate(c.receivedOn)}</td>
            <td>{formatDisplayDate(c.deadlineOn)}</td>
            <td>
              <span className={`staff-clock staff-clock--${c.clock}`}>{CLOCK_TEXT[c.clock]}</span>
              {c.closedOn ? ` ${formatDisplayDate(c.closedOn)}` : ''}
            </td>
            <td>
              {c.outcome ? (
                <>
                  {COMPLAINT_OUTCOME_NAMES[c.outcome]}
                  {c.redressPence ? `, redress ${money(c.redressPence)}` : ''}
                  {c.documentId ? (
                    <>
                      {' '}
                      <a href={letterLink(c.complaintId)} download>
                        Final response letter {c.reference}
                      </a>
                    </>
                  ) : c.response === 'summary' ? (
                    ' (summary resolution)'
                  ) : null}
                </>
              ) : (
                '—'
              )}
            </td>
            {action ? <td>{action(c)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
