import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { staffCall, staffMessage } from './staff-api';
import { formatAge, money, termText } from './staff-format';

/**
 * /staff/referrals (issue 48): applications waiting for a person, oldest first: the rules' referrals and
 * applicants' requests for a person to review an automated decision.
 */
export function Component() {
  useEffect(() => {
    document.title = 'Referrals | Staff console';
  }, []);
  const referrals = useQuery({
    queryKey: ['staffReferrals'],
    queryFn: () => staffCall('underwritingReferrals', undefined),
  });
  return (
    <>
      <h1>Referrals</h1>
      {referrals.error ? (
        <p role="alert">{staffMessage(referrals.error)}</p>
      ) : !referrals.data ? (
        <p aria-busy="true">Loading referrals…</p>
      ) : referrals.data.referrals.length === 0 ? (
        <p>No application is waiting for a decision.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>Applications waiting for a decision, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Applicant</th>
                <th scope="col">Loan</th>
                <th scope="col">Why it waits</th>
                <th scope="col">Waiting</th>
                <th scope="col">Held by</th>
              </tr>
            </thead>
            <tbody>
              {referrals.data.referrals.map((r) => (
                <tr key={`${r.kind}-${r.applicationGuid}`}>
                  <th scope="row">
                    <Link to={`/staff/applications/${r.applicationGuid}`}>{r.customerName}</Link>
                  </th>
                  <td>
                    {money(r.amountPence)} over {termText(r.termMonths)}
                  </td>
                  <td>
                    {r.kind === 'reviewRequest' ? <strong>Review of a decline asked for. </strong> : null}
                    {r.reasons.join('; ')}
                  </td>
                  <td>{formatAge(r.ageMinutes)}</td>
                  <td>{r.heldBy?.displayName ?? 'No one'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
