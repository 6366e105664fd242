import type { CallResponse } from '@lender/contract/api-calls';
import {
  CHANNEL_NAMES,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
  OUTCOME_NAMES,
  addContactBodySchema,
  addNoteBodySchema,
} from '@lender/contract/calls/staff-care';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/form/field';
import { NoticeBanner, useStaffAction, validFor } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { formatInstant } from './staff-format';
import { may, useStaff } from './staff-session';

type Entry = CallResponse<'careLog'>['entries'][number];

const DIRECTION_NAMES: Record<(typeof CONTACT_DIRECTIONS)[number], string> = {
  inbound: 'The customer contacted us',
  outbound: 'We contacted the customer',
};

function what(e: Entry) {
  if (e.kind === 'note') return 'Note';
  return `${CHANNEL_NAMES[e.channel!]}, ${e.direction === 'inbound' ? 'in' : 'out'}: ${OUTCOME_NAMES[e.outcome!]}`;
}

/**
 * Notes and the contact log (issue 48 item 4): newest first, append-only (there is nothing to edit or
 * delete; a correction is a new note). On a loan's page, the entries naming that loan, and new ones name it.
 */
export function CareLogPanel({ customerId, loanId }: { customerId: number; loanId?: number }) {
  const me = useStaff();
  const { notice, busy, act } = useStaffAction(['staffCareLog', customerId]);
  const [noteErrors, setNoteErrors] = useState<Record<string, string>>({});
  const [contactErrors, setContactErrors] = useState<Record<string, string>>({});
  const log = useQuery({
    queryKey: ['staffCareLog', customerId, loanId ?? null],
    queryFn: () => staffCall('careLog', loanId ? { customerId, loanId } : { customerId }),
  });

  const addNote = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const payload = { customerId, loanId: loanId ?? null, text: String(form.get('text') ?? '') };
    if (!validFor(addNoteBodySchema, payload, setNoteErrors)) return;
    const added = await act(async () => {
      await staffCall('careAddNote', payload);
      return 'Note added.';
    });
    if (added) formEl.reset();
  };
  const addContact = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const payload = {
      customerId,
      loanId: loanId ?? null,
      channel: String(form.get('channel')) as (typeof CONTACT_CHANNELS)[number],
      direction: String(form.get('direction')) as (typeof CONTACT_DIRECTIONS)[number],
      outcome: String(form.get('outcome')) as (typeof CONTACT_OUTCOMES)[number],
      text: String(form.get('text') ?? ''),
    };
    if (!validFor(addContactBodySchema, payload, setContactErrors)) return;
    const recorded = await act(async () => {
      await staffCall('careAddContact', payload);
      return 'Contact recorded.';
    });
    if (recorded) formEl.reset();
  };

  return (
    <section aria-labelledby="care-log-heading" className="staff-care">
      <h2 id="care-log-heading">{loanId ? 'Notes and contacts about this loan' : 'Notes and contacts'}</h2>
      <NoticeBanner notice={notice} />
      {may(me, 'customer:note') ? (
        <div className="staff-columns">
          <form className="form" onSubmit={(e) => void addNote(e)} aria-label="Add a note" noValidate>
            <Field
              label="Note"
              hint="Kept as written: a correction is a new note. At most 2000 characters."
              error={noteErrors.text}
            >
              {(a11y) => <textarea className="input" name="text" rows={3} maxLength={2000} {...a11y} />}
            </Field>
            <button type="submit" className="button" disabled={busy}>
              Add the note
            </button>
          </form>
          <form className="form" onSubmit={(e) => void addContact(e)} aria-label="Record a contact" noValidate>
            <Field label="Channel" error={contactErrors.channel}>
              {(a11y) => (
                <select className="select" name="channel" defaultValue="phone" {...a11y}>
                  {CONTACT_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {CHANNEL_NAMES[c]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Direction" error={contactErrors.direction}>
              {(a11y) => (
                <select className="select" name="direction" defaultValue="outbound" {...a11y}>
                  {CONTACT_DIRECTIONS.map((d) => (
                    <option key={d} value={d}>
                      {DIRECTION_NAMES[d]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Outcome" error={contactErrors.outcome}>
              {(a11y) => (
                <select className="select" name="outcome" defaultValue="spokeToCustomer" {...a11y}>
                  {CONTACT_OUTCOMES.map((o) => (
                    <option key={o} value={o}>
                      {OUTCOME_NAMES[o]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Contact note (optional)" error={contactErrors.text}>
              {(a11y) => <textarea className="input" name="text" rows={2} maxLength={2000} {...a11y} />}
            </Field>
            <button type="submit" className="button button--secondary" disabled={busy}>
              Record the contact
            </button>
          </form>
        </div>
      ) : null}
      {log.error ? (
        <p role="alert">{staffMessage(log.error)}</p>
      ) : !log.data ? (
        <p aria-busy="true">Loading the notes…</p>
      ) : log.data.entries.length === 0 ? (
        <p>No note or contact yet.</p>
      ) : (
        <table className="staff-table">
          <caption>Notes and contacts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Note</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {log.data.entries.map((e) => (
              <tr key={e.id}>
                <td className="staff-when">{formatInstant(e.at)}</td>
                <td>
                  {what(e)}
                  {e.loanId && !loanId ? ` (loan ${e.loanId})` : ''}
                </td>
                <td className="staff-note-text">{e.text}</td>
                <td>{e.staffName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
