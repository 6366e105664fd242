import type { CallResponse } from '@lender/contract/api-calls';
import { formatDisplayDate } from '@lender/contract/dates';
import { statusText } from '@lender/contract/status-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { signedOut, staffCall, staffMessage } from './staff-api';
import { Figures } from './staff-figures';
import { CareLogPanel } from './care-log-panel';
import { ComplaintsPanel } from './complaints-panel';
import { DocumentDownload } from './document-download';
import { formatInstant, holdText, money, termText } from './staff-format';
import { VulnerabilityBanner, VulnerabilityPanel } from './vulnerability-panel';

type Customer = CallResponse<'customersCustomer'>;

function Record({ c }: { c: Customer }) {
  return (
    <>
      {c.holds.length > 0 ? (
        <section aria-label="Holds" className="staff-holds">
          <h2>Holds</h2>
          <ul>
            {c.holds.map((h, i) => (
              <li key={i}>
                Loan <Link to={`/staff/loans/${h.loanId}`}>{h.loanId}</Link>: {holdText(h)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="staff-columns">
        <div>
          <h2>Contact details</h2>
          <Figures
            label="Contact details"
            rows={[
              ['Name', `${c.title} ${c.firstName} ${c.lastName}`],
              ['Date of birth', formatDisplayDate(c.birthDate)],
              ['E-mail', c.email],
              ['Mobile', c.mobile],
              ['Address', c.address],
              ['Customer number', String(c.customerId)],
              ['Customer since', formatInstant(c.createdAt)],
            ]}
          />
          <h2>Marketing</h2>
          <Figures
            label="Marketing"
            rows={[
              ['News by e-mail', c.marketing.byEmail ? 'Yes' : 'No'],
              ['News by text message', c.marketing.bySms ? 'Yes' : 'No'],
            ]}
          />
          {c.consents.length > 0 ? (
            <table className="staff-table">
              <caption>Consent history, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Given</th>
                  <th scope="col">Where</th>
                </tr>
              </thead>
              <tbody>
                {c.consents.map((e, i) => (
                  <tr key={i}>
                    <td className="staff-when">{formatInstant(e.at)}</td>
                    <td>{e.channel === 'sms' ? 'Text message' : 'E-mail'}</td>
                    <td>{e.given ? 'Given' : 'Withdrawn'}</td>
                    <td>{e.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        <div>
          <h2>Loans</h2>
          {c.loans.length === 0 ? (
            <p>No loan.</p>
          ) : (
            <table className="staff-table">
              <caption>Loans, newest first (balance from the ledger)</caption>
              <thead>
                <tr>
                  <th scope="col">Loan number</th>
                  <th scope="col">Status</th>
                  <th scope="col">Lent</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Paid out</th>
                </tr>
              </thead>
              <tbody>
                {c.loans.map((l) => (
                  <tr key={l.loanId}>
                    <th scope="row">
                      <Link to={`/staff/loans/${l.loanId}`}>{l.loanId}</Link>
                    </th>
                    <td>{statusText(l.statusId).name}</td>
                    <td>{money(l.principalPence)}</td>
                    <td>{money(l.balancePence)}</td>
                    <td>{l.fundedOn ? formatDisplayDate(l.fundedOn) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Applications</h2>
          <table className="staff-table">
            <caption>Applications, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Term</th>
              </tr>
            </thead>
            <tbody>
              {c.applications.map((a) => (
                <tr key={a.guid}>
                  <td className="staff-when">
                    <Link to={`/staff/applications/${a.guid}`}>{formatInstant(a.createdAt)}</Link>
                  </td>
                  <td>{statusText(a.statusId).name}</td>
                  <td>{money(a.amountPence)}</td>
                  <td>{termText(a.termMonths)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Documents</h2>
          {c.documents.length === 0 ? (
            <p>No document.</p>
          ) : (
            <table className="staff-table">
              <caption>Documents, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Title</th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {c.documents.map((d) => (
                  <tr key={d.documentId}>
                    <td>{formatDisplayDate(d.createdOn)}</td>
                    <td>{d.title}</td>
                    <td>
                      <DocumentDownload customerId={c.customerId} documentId={d.documentId} title={d.title} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Security events</h2>
          {c.securityEvents.length === 0 ? (
            <p>No security event.</p>
          ) : (
            <table className="staff-table">
              <caption>The newest 50</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {c.securityEvents.map((e, i) => (
                  <tr key={i}>
                    <td className="staff-when">{formatInstant(e.at)}</td>
                    <td>
                      {e.type}
                      {e.detail ? ` (${e.detail})` : ''}
                    </td>
                    <td>{e.address ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </>
  );
}

/** /staff/customers/:customerId (issue 48 item 4): the customer's record, read-only; the opening is audited. */
export function Component() {
  const { customerId = '' } = useParams();
  const record = useQuery({
    queryKey: ['staffCustomer', customerId],
    queryFn: () => staffCall('customersCustomer', { customerId: Number(customerId) }),
    retry: false,
  });
  const name = record.data ? `${record.data.firstName} ${record.data.lastName}` : `Customer ${customerId}`;
  useEffect(() => {
    document.title = `${name} | Staff console`;
  }, [name]);
  return (
    <>
      <h1>{name}</h1>
      {record.error && !signedOut(record.error) ? (
        <p role="alert">{staffMessage(record.error)}</p>
      ) : !record.data ? (
        <p aria-busy="true">Loading the customer…</p>
      ) : (
        <>
          <VulnerabilityBanner customerId={record.data.customerId} />
          <Record c={record.data} />
          <CareLogPanel customerId={record.data.customerId} />
          <VulnerabilityPanel customerId={record.data.customerId} />
          <ComplaintsPanel
            customerId={record.data.customerId}
            loanIds={record.data.loans.map((l) => l.loanId)}
          />
        </>
      )}
    </>
  );
}
