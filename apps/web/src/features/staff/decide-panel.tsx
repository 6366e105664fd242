import { Msg } from '@lender/contract/rules/messages';
import type { CallResponse } from '@lender/contract/api-calls';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import type { StaffMe } from './staff-session';

type Holder = CallResponse<'underwritingReferrals'>['referrals'][number]['heldBy'];

const DOCUMENTS = [
  ['proofOfIdentity', 'Proof of identity'],
  ['proofOfAddress', 'Proof of address'],
  ['proofOfIncome', 'Proof of income'],
] as const;

/**
 * The underwriter's actions on an application waiting for a person (issue 48): hold it, approve or decline
 * it with a reason (the applicant is told by e-mail, as when the rules decide), or ask for a document.
 */
export function DecidePanel({
  guid,
  heldBy,
  me,
  setNotice,
}: {
  guid: string;
  heldBy: Holder;
  me: StaffMe;
  setNotice: (notice: Notice) => void;
}) {
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['staffApplication', guid] }),
      queries.invalidateQueries({ queryKey: ['staffReferrals'] }),
    ]);
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      const text = await run();
      setNotice({ kind: 'success', text });
      await refresh();
    } catch (err) {
      setNotice({ kind: 'error', text: staffMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const decide = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const decision = form.get('decision');
    if (decision !== 'approve' && decision !== 'decline') {
      setNotice({ kind: 'error', text: Msg.staffDecision });
      return;
    }
    void act(async () => {
      const done = await staffCall('underwritingDecide', {
        applicationGuid: guid,
        decision,
        reason: String(form.get('reason') ?? ''),
      });
      return `${done.decision === 'approve' ? 'Approved' : 'Declined'}. The applicant has been told by e-mail.`;
    });
  };
  const ask = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const document = String(form.get('document')) as (typeof DOCUMENTS)[number][0];
    const note = String(form.get('note') ?? '').trim();
    void act(async () => {
      const done = await staffCall('underwritingAskForDocument', {
        applicationGuid: guid,
        document,
        ...(note ? { note } : {}),
      });
      return `Asked for it by e-mail to ${done.sentTo}. The application keeps waiting.`;
    });
  };
  const mine = heldBy?.staffId === me.staffId;

  return (
    <>
      <p>
        {heldBy
          ? mine
            ? 'You hold this application.'
            : `${heldBy.displayName} holds this application.`
          : 'No one holds this application.'}{' '}
        {!mine ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await staffCall('underwritingHold', { applicationGuid: guid });
                return 'You hold this application now.';
              })
            }
          >
            Hold it
          </button>
        ) : null}
      </p>
      <form className="form" onSubmit={decide} aria-label="Decide" noValidate>
        <fieldset className="field">
          <legend className="field__label">Decision</legend>
          <div className="choice">
            <input type="radio" id="decide-approve" name="decision" value="approve" required />
            <label htmlFor="decide-approve">Approve</label>
          </div>
          <div className="choice">
            <input type="radio" id="decide-decline" name="decision" value="decline" />
            <label htmlFor="decide-decline">Decline</label>
          </div>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="decide-reason">
            Reason
          </label>
          <div className="field__hint" id="decide-reason-hint">
            Kept with the decision and read by anyone who reviews it later. 5 to 500 characters.
          </div>
          <textarea
            className="input"
            id="decide-reason"
            name="reason"
            rows={4}
            maxLength={500}
            aria-describedby="decide-reason-hint"
            required
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Record the decision
        </button>
      </form>
      <h2>Ask for a document</h2>
      <form className="form" onSubmit={ask} aria-label="Ask for a document" noValidate>
        <div className="field">
          <label className="field__label" htmlFor="ask-document">
            Document
          </label>
          <select className="select" id="ask-document" name="document" defaultValue="proofOfIdentity">
            {DOCUMENTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="ask-note">
            Note to the applicant (optional)
          </label>
          <textarea className="input" id="ask-note" name="note" rows={2} maxLength={500} />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          Ask for it
        </button>
      </form>
    </>
  );
}
