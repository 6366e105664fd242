import {
  ARREARS_BUCKETS,
  CHANNEL_NAMES,
  OUTCOME_NAMES,
  type ArrearsBucket,
} from '@lender/contract/calls/staff-care';
import { formatDisplayDate } from '@lender/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { staffCall, staffMessage } from './staff-api';
import { formatInstant, money } from './staff-format';

const isBucket = (b: string | null): b is ArrearsBucket =>
  (ARREARS_BUCKETS as readonly (string | null)[]).includes(b);

/**
 * /staff/collections (issue 48 item 6): loans in arrears by bucket of days past due on the business date,
 * the longest overdue first, with what is overdue (the ledger's), the last contact, the next action and
 * every hold shown. The bucket is in the address, so a filtered list can be bookmarked and shared.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('bucket');
  const bucket = isBucket(chosen) ? chosen : undefined;
  const list = useQuery({
    queryKey: ['staffWorklist', bucket ?? 'all'],
    queryFn: () => staffCall('collectionsWorklist', bucket ? { bucket } : {}),
  });
  useEffect(() => {
    document.title = 'Collections | Staff console';
  }, []);
  return (
    <>
      <h1>Collections</h1>
      {list.error ? (
        <p role="alert">{staffMessage(list.error)}</p>
      ) : !list.data ? (
        <p aria-busy="true">Loading the worklist…</p>
      ) : (
        <>
          <p>Loans in arrears on {formatDisplayDate(list.data.businessDate)} (the business date).</p>
          <nav aria-label="Buckets">
            <ul className="staff-buckets">
              <li>
                <button
                  type="button"
                  className="link-button"
                  aria-pressed={!bucket}
                  onClick={() => setParams({})}
                >
                  All ({Object.values(list.data.counts).reduce((a, b) => a + b, 0)})
                </button>
              </li>
              {ARREARS_BUCKETS.map((b) => (
                <li key={b}>
                  <button
                    type="button"
                    className="link-button"
                    aria-pressed={bucket === b}
                    onClick={() => setParams({ bucket: b })}
                  >
                    {b} days ({list.data.counts[b]})
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {list.data.loans.length === 0 ? (
            <p>No loan in arrears{bucket ? ` in the ${bucket} days bucket` : ''}.</p>
          ) : (
            <table className="staff-table">
              <caption>
                {bucket ? `${bucket} days past due` : 'Every bucket'}, the longest overdue first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Loan</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Overdue</th>
                  <th scope="col">Days</th>
                  <th scope="col">Last contact</th>
                  <th scope="col">Next action</th>
                  <th scope="col">Holds</th>
                </tr>
              </thead>
              <tbody>
                {list.data.loans.map((l) => (
                  <tr key={l.loanId}>
                    <th scope="row">
                      <Link to={`/staff/loans/${l.loanId}`}>{l.loanId}</Link>
                    </th>
                    <td>
                      <Link to={`/staff/customers/${l.customerId}`}>{l.customerName}</Link>
                      {l.vulnerable ? ' (vulnerable)' : ''}
                    </td>
                    <td>{money(l.overduePence)}</td>
                    <td>{l.daysPastDue}</td>
                    <td>
                      {l.lastContact
                        ? `${formatInstant(l.lastContact.at)}, ${CHANNEL_NAMES[l.lastContact.channel]}: ${OUTCOME_NAMES[l.lastContact.outcome]} (${l.lastContact.staffName})`
                        : 'None'}
                    </td>
                    <td>{l.nextAction}</td>
                    <td>{l.holds.length > 0 ? l.holds.map((h) => h.detail).join('; ') : 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}
