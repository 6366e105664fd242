import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_NAMES,
  COMPLAINT_CHANNEL_NAMES,
  COMPLAINT_CHANNELS,
  logComplaintBodySchema,
} from '@lender/contract/calls/staff-complaints';
import { formatDisplayDate } from '@lender/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/form/field';
import { ComplaintsTable } from './complaints-shared';
import { NoticeBanner, useStaffAction, validFor } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { may, useStaff } from './staff-session';

/**
 * A customer's complaints (issue 48 item 7) on their record, and logging a new one: the acknowledgement
 * e-mail goes at once from the server, with the 8-week date.
 */
export function ComplaintsPanel({ customerId, loanIds }: { customerId: number; loanIds: readonly number[] }) {
  const me = useStaff();
  const mayRead = may(me, 'complaint:read');
  const mayLog = may(me, 'complaint:log');
  const list = useQuery({
    queryKey: ['staffComplaints', customerId],
    queryFn: () => staffCall('complaintsList', { customerId }),
    enabled: mayRead,
  });
  const { notice, busy, act } = useStaffAction(['staffComplaints']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!mayRead && !mayLog) return null;

  const log = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const loan = String(form.get('loanId') ?? '');
    const payload = {
      customerId,
      loanId: loan ? Number(loan) : null,
      channel: String(form.get('channel')) as (typeof COMPLAINT_CHANNELS)[number],
      category: String(form.get('category')) as (typeof COMPLAINT_CATEGORIES)[number],
      receivedOn: String(form.get('receivedOn') ?? ''),
      summary: String(form.get('summary') ?? ''),
    };
    if (!validFor(logComplaintBodySchema, payload, setErrors)) return;
    const logged = await act(async () => {
      const c = await staffCall('complaintsLog', payload);
      return `Complaint ${c.reference} logged; the customer is e-mailed an acknowledgement. Final response due by ${formatDisplayDate(c.deadlineOn)}.`;
    });
    if (logged) formEl.reset();
  };

  return (
    <section aria-labelledby="complaints-heading" className="staff-care">
      <h2 id="complaints-heading">Complaints</h2>
      <NoticeBanner notice={notice} />
      {!mayRead ? null : list.error ? (
        <p role="alert">{staffMessage(list.error)}</p>
      ) : !list.data ? (
        <p aria-busy="true">Loading…</p>
      ) : list.data.complaints.length === 0 ? (
        <p>No complaint.</p>
      ) : (
        <ComplaintsTable
          caption="Complaints, newest first"
          complaints={list.data.complaints}
          withCustomer={false}
        />
      )}
      {mayLog ? (
        <form className="form" onSubmit={(e) => void log(e)} aria-label="Log a complaint" noValidate>
          <Field label="Received by" error={errors.channel}>
            {(a11y) => (
              <select className="select" name="channel" defaultValue="phone" {...a11y}>
                {COMPLAINT_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {COMPLAINT_CHANNEL_NAMES[c]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Category" error={errors.category}>
            {(a11y) => (
              <select className="select" name="category" defaultValue="customerService" {...a11y}>
                {COMPLAINT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {COMPLAINT_CATEGORY_NAMES[c]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Loan" error={errors.loanId}>
            {(a11y) => (
              <select className="select" name="loanId" defaultValue="" {...a11y}>
                <option value="">Not about one loan</option>
                {loanIds.map((id) => (
                  <option key={id} value={id}>
                    Loan {id}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Received on" hint="yyyy-MM-dd, no later than today" error={errors.receivedOn}>
            {(a11y) => <input className="input input--date" type="date" name="receivedOn" {...a11y} />}
          </Field>
          <Field label="What the customer complains of" error={errors.summary}>
            {(a11y) => <textarea className="input" name="summary" rows={3} maxLength={2000} {...a11y} />}
          </Field>
          <button type="submit" className="button" disabled={busy}>
            Log the complaint
          </button>
        </form>
      ) : null}
    </section>
  );
}
