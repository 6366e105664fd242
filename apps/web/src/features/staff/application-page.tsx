import type { CallResponse } from '@lender/contract/api-calls';
import { formatDisplayDate } from '@lender/contract/dates';
import { EXPENSE_LABELS } from '@lender/contract/expenses';
import type { ExpenseKey } from '@lender/contract/constants';
import { statusText } from '@lender/contract/status-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { signedOut, staffCall, staffMessage } from './staff-api';
import { DecidePanel } from './decide-panel';
import { NoticeBanner, type Notice } from './staff-action';
import { Figures } from './staff-figures';
import { formatInstant, money, termText } from './staff-format';
import { may, useStaff } from './staff-session';

type Workbench = CallResponse<'underwritingApplication'>;

function Affordability({ a }: { a: NonNullable<Workbench['affordability']> }) {
  return (
    <>
      <Figures
        label="Affordability"
        rows={[
          ['Monthly income (assessed)', money(a.netIncomePence)],
          ['Monthly expenses (assessed)', money(a.expensesPence)],
          ['Monthly instalment', money(a.instalmentPence)],
          ['Left each month', money(a.bufferPence)],
          ['Affordability check', a.passed ? 'Passed' : 'Not passed'],
          ['Employment', `${a.employmentType}, ${a.employmentIndustry}`],
          ['Employer', a.employerName],
          ['Home', a.residentialStatus],
          ['Loan purpose', a.loanPurpose],
        ]}
      />
      {a.expenses.some((e) => e.monthlyPence > 0) ? (
        <table className="staff-table">
          <caption>Expenses declared at stage 3 (those above nothing)</caption>
          <thead>
            <tr>
              <th scope="col">Expense</th>
              <th scope="col">A month</th>
            </tr>
          </thead>
          <tbody>
            {a.expenses
              .filter((e) => e.monthlyPence > 0)
              .map((e) => (
                <tr key={e.category}>
                  <th scope="row">{EXPENSE_LABELS[e.category as ExpenseKey] ?? e.category}</th>
                  <td>{money(e.monthlyPence)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

function Workbench({ w }: { w: Workbench }) {
  const me = useStaff();
  const [notice, setNotice] = useState<Notice>(null);
  const { applicant: p, loan, quote } = w;
  return (
    <div className="staff-columns">
      <div>
        <h2>Applicant</h2>
        <Figures
          label="Applicant"
          rows={[
            ['Name', `${p.title} ${p.firstName} ${p.lastName}`],
            ['Date of birth', formatDisplayDate(p.birthDate)],
            ['E-mail', p.email],
            ['Mobile', p.mobile],
            ['Address', p.address],
            ['Customer number', String(p.customerId)],
          ]}
        />
        <h2>What was asked for</h2>
        <Figures
          label="What was asked for"
          rows={[
            ['Amount', money(loan.amountPence)],
            ['Term', termText(loan.termMonths)],
            ['Paid', loan.wageFrequency],
            ['First repayment', formatDisplayDate(loan.repaymentDate)],
            ['Monthly income (declared)', money(loan.netMonthlyIncomePence)],
            ['Dependants', String(loan.dependants)],
          ]}
        />
        <h2>Affordability</h2>
        {w.affordability ? <Affordability a={w.affordability} /> : <p>Stage 3 is not answered yet.</p>}
        <h2>Quote</h2>
        {quote ? (
          <Figures
            label="Quote"
            rows={[
              ['Amount of credit', money(quote.amountPence)],
              ['Term', termText(quote.termMonths)],
              ['Monthly instalment', money(quote.instalmentPence)],
              ['Total amount repayable', money(quote.totalRepayablePence)],
              ['APR', quote.aprPercent === null ? '—' : `${quote.aprPercent}%`],
            ]}
          />
        ) : (
          <p>No quote accepted yet.</p>
        )}
        <h2>Credit searches</h2>
        {w.creditSearches.length === 0 ? (
          <p>No search of the credit file.</p>
        ) : (
          <table className="staff-table">
            <caption>Searches made for this application</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Search</th>
                <th scope="col">Agency and reference</th>
                <th scope="col">Found</th>
              </tr>
            </thead>
            <tbody>
              {w.creditSearches.map((s, i) => (
                <tr key={i}>
                  <td className="staff-when">{formatInstant(s.searchedAt)}</td>
                  <td>{s.kind === 'soft' ? 'Soft' : 'Hard'}</td>
                  <td>
                    {s.agency}
                    {s.reference ? ` (${s.reference})` : ''}
                  </td>
                  <td>{s.findings.length > 0 ? s.findings.join('; ') : s.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h2>Decisions</h2>
        <table className="staff-table">
          <caption>Every decision on this application, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Decision</th>
              <th scope="col">By</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {w.decisions.map((d, i) => (
              <tr key={i}>
                <td className="staff-when">{formatInstant(d.at)}</td>
                <td>{d.kind}</td>
                <td>{d.actorName}</td>
                <td>{d.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>Documents the applicant uploaded</h2>
        {w.documents.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {w.documents.map((d) => (
              <li key={d.documentId}>
                {d.title}
                {d.category ? ` (${d.category})` : ''}, {formatDisplayDate(d.uploadedOn)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <aside className="staff-panel" aria-label="Decision">
        <h2>Decision</h2>
        <NoticeBanner notice={notice} />
        {w.reviewRequest && !w.reviewRequest.reviewedAt ? (
          <p>
            <strong>The applicant asked for a person to review the decline</strong> ({w.reviewRequest.channel}
            , {formatInstant(w.reviewRequest.requestedAt)}): {w.reviewRequest.note}
          </p>
        ) : null}
        {w.waitingForPerson && may(me, 'application:decide') ? (
          <DecidePanel guid={w.applicationGuid} heldBy={w.heldBy} me={me} setNotice={setNotice} />
        ) : (
          <p>This application is not waiting for a decision.</p>
        )}
      </aside>
    </div>
  );
}

/** /staff/applications/:guid (issue 48): the application workbench. Opening it is in the audit. */
export function Component() {
  const { guid = '' } = useParams();
  const workbench = useQuery({
    queryKey: ['staffApplication', guid],
    queryFn: () => staffCall('underwritingApplication', { guid }),
  });
  useEffect(() => {
    document.title = 'Application | Staff console';
  }, []);
  const w = workbench.data;
  return (
    <>
      <h1>
        {w
          ? `${w.applicant.firstName} ${w.applicant.lastName}: ${statusText(w.statusId).name}`
          : 'Application'}
      </h1>
      {workbench.error && !signedOut(workbench.error) ? (
        <p role="alert">{staffMessage(workbench.error)}</p>
      ) : w ? (
        <>
          <p>
            Application {w.applicationGuid}, made {formatInstant(w.createdAt)}.
          </p>
          <Workbench w={w} />
        </>
      ) : (
        <p aria-busy="true">Loading the application…</p>
      )}
    </>
  );
}
