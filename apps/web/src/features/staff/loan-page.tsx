import type { CallResponse } from '@lender/contract/api-calls';
import { formatDisplayDate } from '@lender/contract/dates';
import { statusText } from '@lender/contract/status-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CollectionsPanel } from './collections-panel';
import { signedOut, staffCall, staffMessage } from './staff-api';
import { Figures } from './staff-figures';
import { CareLogPanel } from './care-log-panel';
import { holdText, money } from './staff-format';
import { VulnerabilityBanner } from './vulnerability-panel';
import { MoneyPanel } from './money-panel';
import { PlanPanel } from './plan-panel';

type Loan = CallResponse<'customersLoan'>;

/** The ledger's kinds in the words the customer's statement uses (entities/loans/transaction-lines.ts). */
const KIND_WORDS: Record<string, string> = {
  advance: 'Loan paid out',
  interest: 'Interest',
  instalment: 'Instalment collected (CPA)',
  'card-payment': 'Card payment',
  'bank-transfer': 'Bank transfer',
  'default-fee': 'Default fee',
  refund: 'Refund',
  'write-off': 'Written off',
  rebate: 'Interest rebate',
  waiver: 'Interest or fees waived',
  reversal: 'Reversal',
  reschedule: 'Repayment plan changed',
};

/** The page is long (issue 48's many actions): its parts, for keyboard and screen-reader users too. */
const PARTS = [
  ['collections-actions', 'Arrears actions'],
  ['plan-without-card', 'Plan without a card'],
  ['schedule-heading', 'Schedule'],
  ['ledger-heading', 'Ledger'],
  ['payments-heading', 'Payments'],
  ['cpa-heading', 'CPA attempts'],
  ['notices-heading', 'Notices and documents'],
  ['care-log-heading', 'Notes and contacts'],
] as const;

function LoanView({ l }: { l: Loan }) {
  return (
    <>
      <nav aria-label="On this page" className="staff-parts">
        <ul>
          {PARTS.map(([id, name]) => (
            <li key={id}>
              <a href={`#${id}`}>{name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {l.holds.length > 0 ? (
        <section aria-label="Holds" className="staff-holds">
          <h2>Holds</h2>
          <ul>
            {l.holds.map((h, i) => (
              <li key={i}>{holdText(h)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Figures
        label="Loan"
        rows={[
          ['Customer', <Link to={`/staff/customers/${l.customerId}`}>{l.customerName}</Link>],
          ['Status', statusText(l.statusId).name],
          ['Lent', money(l.principalPence)],
          ['Total repayable as signed', money(l.totalRepayablePence)],
          ['Paid out', l.fundedOn ? formatDisplayDate(l.fundedOn) : 'Not yet'],
          ['Settled', l.settledOn ? formatDisplayDate(l.settledOn) : '—'],
          ['Balance (ledger)', money(l.balancePence)],
          ['Overdue', money(l.arrearsPence)],
        ]}
      />
      <CollectionsPanel loan={l} />
      <PlanPanel loanId={l.loanId} />
      <h2 id="schedule-heading">Schedule</h2>
      <table className="staff-table">
        <caption>
          {l.schedule.versions === 1
            ? 'The schedule as signed'
            : `Version ${l.schedule.version} of the schedule (${l.schedule.versions} versions)`}
        </caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Due</th>
            <th scope="col">Instalment</th>
            <th scope="col">Principal</th>
            <th scope="col">Interest</th>
            <th scope="col">Left to pay</th>
          </tr>
        </thead>
        <tbody>
          {l.schedule.instalments.map((i) => (
            <tr key={i.seq}>
              <td>{i.seq}</td>
              <td>{formatDisplayDate(i.dueDate)}</td>
              <td>{money(i.paymentPence)}</td>
              <td>{money(i.principalPence)}</td>
              <td>{money(i.interestPence)}</td>
              <td>{i.isPaid ? 'Paid' : money(i.duePence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 id="ledger-heading">Ledger</h2>
      <div className="table-scroll">
        <table className="staff-table">
          <caption>Every transaction, with the balance after it</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Transaction</th>
              <th scope="col">Amount</th>
              <th scope="col">Balance after</th>
            </tr>
          </thead>
          <tbody>
            {l.ledger.map((r) => (
              <tr key={r.id}>
                <td>{formatDisplayDate(r.onDate)}</td>
                <td>
                  {KIND_WORDS[r.kind] ?? r.kind}
                  {r.reversesId ? ` (of ${r.reversesId})` : ''}
                </td>
                <td>{money(r.amountPence)}</td>
                <td>{money(r.balanceAfterPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoneyPanel l={l} />
      <h2 id="payments-heading">Payments</h2>
      {l.payments.length === 0 ? (
        <p>No card payment made by the customer.</p>
      ) : (
        <table className="staff-table">
          <caption>Card payments the customer made</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {l.payments.map((p, i) => (
              <tr key={i}>
                <td>{formatDisplayDate(p.onDate)}</td>
                <td>{money(p.amountPence)}</td>
                <td>{p.state}</td>
                <td>{p.cardLast4 ? `ending ${p.cardLast4}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 id="cpa-heading">CPA attempts</h2>
      {l.cpaAttempts.length === 0 ? (
        <p>No collection attempted.</p>
      ) : (
        <table className="staff-table">
          <caption>Collections under the Continuous Payment Authority</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Instalment</th>
              <th scope="col">Attempt</th>
              <th scope="col">Amount</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {l.cpaAttempts.map((a, i) => (
              <tr key={i}>
                <td>{formatDisplayDate(a.onDate)}</td>
                <td>{a.seq}</td>
                <td>{a.attempt}</td>
                <td>{money(a.amountPence)}</td>
                <td>{a.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 id="notices-heading">Notices and documents sent</h2>
      {l.notices.length === 0 && l.documents.length === 0 ? (
        <p>None sent.</p>
      ) : (
        <ul>
          {l.notices.map((n, i) => (
            <li key={`n${i}`}>
              {formatDisplayDate(n.onDate)}: notice {n.kind}
            </li>
          ))}
          {l.documents.map((d) => (
            <li key={d.documentId}>
              {formatDisplayDate(d.createdOn)}: {d.title}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /staff/loans/:loanId (issue 48 item 5): a loan, read-only; the opening is audited. */
export function Component() {
  const { loanId = '' } = useParams();
  const loan = useQuery({
    queryKey: ['staffLoan', loanId],
    queryFn: () => staffCall('customersLoan', { loanId: Number(loanId) }),
    retry: false,
  });
  useEffect(() => {
    document.title = `Loan ${loanId} | Staff console`;
  }, [loanId]);
  return (
    <>
      <h1>Loan {loanId}</h1>
      {loan.error && !signedOut(loan.error) ? (
        <p role="alert">{staffMessage(loan.error)}</p>
      ) : !loan.data ? (
        <p aria-busy="true">Loading the loan…</p>
      ) : (
        <>
          <VulnerabilityBanner customerId={loan.data.customerId} />
          <LoanView l={loan.data} />
          <CareLogPanel customerId={loan.data.customerId} loanId={loan.data.loanId} />
        </>
      )}
    </>
  );
}
