import type { CallResponse } from '@lender/contract/api-calls';
import {
  COMPLAINT_CATEGORY_NAMES,
  COMPLAINT_OUTCOME_NAMES,
  COMPLAINT_OUTCOMES,
  complaintsReportQuerySchema,
  holdingResponseBodySchema,
  resolveComplaintBodySchema,
} from '@lender/contract/calls/staff-complaints';
import { formatDisplayDate } from '@lender/contract/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/form/field';
import { ComplaintsTable, type Complaint } from './complaints-shared';
import { NoticeBanner, type Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { fieldErrors } from './staff-field-errors';
import { may, useStaff } from './staff-session';

type Report = CallResponse<'complaintsReport'>;

/** Closing a complaint: the outcome and its reasons, and a summary resolution or a final response letter. */
function ResolveForm({ complaint, onDone }: { complaint: Complaint; onDone: (text: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const summaryAllowed = complaint.clock !== 'overdue';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const redress = String(form.get('redressPence') ?? '').trim();
    const payload = {
      complaintId: complaint.complaintId,
      outcome: String(form.get('outcome')) as (typeof COMPLAINT_OUTCOMES)[number],
      rootCause: String(form.get('rootCause') ?? ''),
      reasons: String(form.get('reasons') ?? ''),
      redressPence: redress === '' ? 0 : Number(redress),
      response: String(form.get('response')) as 'summary' | 'final',
    };
    const found = fieldErrors(resolveComplaintBodySchema, payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    void staffCall('complaintsResolve', payload)
      .then((c) =>
        onDone(
          c.response === 'final'
            ? `Complaint ${c.reference} closed: the final response letter is kept in the customer's documents and e-mailed.`
            : `Complaint ${c.reference} closed: the summary resolution is e-mailed.`,
        ),
      )
      .catch((err: unknown) => setFailure({ kind: 'error', text: staffMessage(err) }))
      .finally(() => setBusy(false));
  };
  return (
    <form
      className="form"
      onSubmit={submit}
      aria-label={`Resolve complaint ${complaint.reference}`}
      noValidate
    >
      <h3>Resolve complaint {complaint.reference}</h3>
      <p>{complaint.summary}</p>
      <NoticeBanner notice={failure} />
      <Field label="Outcome" error={errors.outcome}>
        {(a11y) => (
          <select className="select" name="outcome" defaultValue="upheld" {...a11y}>
            {COMPLAINT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {COMPLAINT_OUTCOME_NAMES[o]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Root cause" error={errors.rootCause}>
        {(a11y) => <input className="input" name="rootCause" maxLength={500} {...a11y} />}
      </Field>
      <Field label="Reasons for the outcome (in the letter)" error={errors.reasons}>
        {(a11y) => <textarea className="input" name="reasons" rows={4} maxLength={4000} {...a11y} />}
      </Field>
      <Field
        label="Redress in pence"
        hint="0 if none; recorded here, paid by proposing a refund"
        error={errors.redressPence}
      >
        {(a11y) => (
          <input className="input" name="redressPence" inputMode="numeric" defaultValue="0" {...a11y} />
        )}
      </Field>
      <Field
        label="Response"
        hint={`A summary resolution only by the close of ${formatDisplayDate(complaint.summaryBy)}`}
        error={errors.response}
      >
        {(a11y) => (
          <select className="select" name="response" defaultValue="final" {...a11y}>
            <option value="final">Final response letter (PDF)</option>
            {summaryAllowed ? <option value="summary">Summary resolution communication</option> : null}
          </select>
        )}
      </Field>
      <button type="submit" className="button" disabled={busy}>
        Close the complaint
      </button>
    </form>
  );
}

/** DISP 1.6.2R(2): no final response by 8 weeks: why, when, and that the customer may go to the Ombudsman now. */
function HoldingForm({ complaint, onDone }: { complaint: Complaint; onDone: (text: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  if (complaint.holdingSentOn) {
    return <p>Holding response sent on {formatDisplayDate(complaint.holdingSentOn)}.</p>;
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const payload = {
      complaintId: complaint.complaintId,
      why: String(form.get('why') ?? ''),
      expectedBy: String(form.get('expectedBy') ?? ''),
    };
    const found = fieldErrors(holdingResponseBodySchema, payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    void staffCall('complaintsHoldingResponse', payload)
      .then((c) => onDone(`Holding response for ${c.reference} e-mailed.`))
      .catch((err: unknown) => setFailure({ kind: 'error', text: staffMessage(err) }))
      .finally(() => setBusy(false));
  };
  return (
    <form
      className="form"
      onSubmit={submit}
      aria-label={`Holding response for ${complaint.reference}`}
      noValidate
    >
      <h3>Not ready by {formatDisplayDate(complaint.deadlineOn)}? Send the holding response</h3>
      <NoticeBanner notice={failure} />
      <Field label="Why we cannot give our final response yet" error={errors.why}>
        {(a11y) => <textarea className="input" name="why" rows={2} maxLength={2000} {...a11y} />}
      </Field>
      <Field label="Final response expected by" hint="yyyy-MM-dd" error={errors.expectedBy}>
        {(a11y) => <input className="input input--date" type="date" name="expectedBy" {...a11y} />}
      </Field>
      <button type="submit" className="button button--secondary" disabled={busy}>
        Send the holding response
      </button>
    </form>
  );
}

function ReturnSection() {
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = useQuery({
    queryKey: ['staffComplaintsReport', period],
    queryFn: () => staffCall('complaintsReport', period!),
    enabled: period !== null,
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const wanted = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    const found = fieldErrors(complaintsReportQuerySchema, wanted);
    setErrors(found);
    if (Object.keys(found).length === 0) setPeriod(wanted);
  };
  const r: Report | undefined = report.data;
  return (
    <section aria-labelledby="return-heading">
      <h2 id="return-heading">Complaints return</h2>
      <form className="form form--inline" onSubmit={submit} aria-label="Complaints return period" noValidate>
        <Field label="From" error={errors.from}>
          {(a11y) => <input className="input input--date" type="date" name="from" {...a11y} />}
        </Field>
        <Field label="To" error={errors.to}>
          {(a11y) => <input className="input input--date" type="date" name="to" {...a11y} />}
        </Field>
        <button type="submit" className="button button--secondary">
          Count
        </button>
      </form>
      {report.error ? <p role="alert">{staffMessage(report.error)}</p> : null}
      {r ? (
        <>
          <table className="staff-table">
            <caption>
              From {formatDisplayDate(r.from)} to {formatDisplayDate(r.to)}
            </caption>
            <tbody>
              {(
                [
                  ['Opened', r.opened],
                  ['Closed', r.closed],
                  ['Upheld or partly upheld', r.upheldPercent === null ? '—' : `${r.upheldPercent}%`],
                  ['Closed within 3 business days', r.closedWithin3BusinessDays],
                  ['Closed after 3 business days, within 8 weeks', r.closedWithin8Weeks],
                  ['Closed after 8 weeks', r.closedAfter8Weeks],
                  ['Open at the end', r.openAtEnd],
                ] as const
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="staff-table">
            <caption>By category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Opened</th>
                <th scope="col">Closed</th>
                <th scope="col">Upheld</th>
              </tr>
            </thead>
            <tbody>
              {r.byCategory.map((c) => (
                <tr key={c.category}>
                  <th scope="row">{COMPLAINT_CATEGORY_NAMES[c.category]}</th>
                  <td>{c.opened}</td>
                  <td>{c.closed}</td>
                  <td>{c.upheld}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

/**
 * /staff/complaints (issue 48 item 7, DISP 1.6): open complaints with the 8-week clock, soonest first,
 * flagged due soon and overdue; closing one for roles that handle complaints; the complaints return.
 */
export function Component() {
  const me = useStaff();
  const queries = useQueryClient();
  const mayHandle = may(me, 'complaint:handle');
  const [resolving, setResolving] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const list = useQuery({
    queryKey: ['staffComplaints', 'open'],
    queryFn: () => staffCall('complaintsList', {}),
  });
  useEffect(() => {
    document.title = 'Complaints | Staff console';
  }, []);
  const open = list.data?.complaints ?? [];
  const chosen = open.find((c) => c.complaintId === resolving);
  return (
    <>
      <h1>Complaints</h1>
      <NoticeBanner notice={notice} />
      {list.error ? (
        <p role="alert">{staffMessage(list.error)}</p>
      ) : !list.data ? (
        <p aria-busy="true">Loading the complaints…</p>
      ) : open.length === 0 ? (
        <p>No open complaint.</p>
      ) : (
        <ComplaintsTable
          caption={`Open complaints, soonest final response first (business date ${formatDisplayDate(list.data.businessDate)})`}
          complaints={open}
          withCustomer
          action={
            mayHandle
              ? (c) => (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setNotice(null);
                      setResolving(c.complaintId);
                    }}
                  >
                    Resolve {c.reference}
                  </button>
                )
              : undefined
          }
        />
      )}
      {chosen ? (
        <HoldingForm
          key={`holding-${chosen.complaintId}`}
          complaint={chosen}
          onDone={(text) => {
            setNotice({ kind: 'success', text });
            void queries.invalidateQueries({ queryKey: ['staffComplaints'] });
          }}
        />
      ) : null}
      {chosen ? (
        <ResolveForm
          key={chosen.complaintId}
          complaint={chosen}
          onDone={(text) => {
            setResolving(null);
            setNotice({ kind: 'success', text });
            void queries.invalidateQueries({ queryKey: ['staffComplaints'] });
          }}
        />
      ) : null}
      <ReturnSection />
    </>
  );
}
