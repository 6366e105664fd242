import { Msg } from '@lender/contract/rules/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '../../components/form/field';
import { NoticeBanner, type Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { MONEY_KIND_WORDS, proposalAge, proposalState, proposalWhat, type Proposal } from './money-words';
import { Figures } from './staff-figures';
import { money } from './staff-format';
import { useStaff } from './staff-session';

/** One waiting proposal: what, who, why, and the checker's approve or reject (never the maker's). */
function Waiting({ p, setNotice }: { p: Proposal; setNotice: (n: Notice) => void }) {
  const me = useStaff();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string>();
  const mine = p.makerId === me.staffId;
  const act = (run: () => Promise<Proposal>) => {
    setBusy(true);
    setNotice(null);
    run()
      .then(async (done) => {
        setNotice({
          kind: 'success',
          text: `${proposalWhat(done)} on loan ${done.loanId}: ${proposalState(done)}.`,
        });
        await Promise.all([
          queries.invalidateQueries({ queryKey: ['staffApprovals'] }),
          queries.invalidateQueries({ queryKey: ['staffLoanProposals', done.loanId] }),
        ]);
      })
      .catch((err: unknown) => setNotice({ kind: 'error', text: staffMessage(err) }))
      .finally(() => setBusy(false));
  };
  const reject = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 5 || reason.length > 500) {
      setReasonError(Msg.moneyRejectReason);
      return;
    }
    setReasonError(undefined);
    act(() => staffCall('moneyReject', { proposalId: p.proposalId, reason }));
  };
  const name = `${proposalWhat(p)} for ${p.customerName}`;
  return (
    <li className="staff-card">
      <h2>{name}</h2>
      <Figures
        label="Proposal"
        rows={[
          ['Loan', <Link to={`/staff/loans/${p.loanId}`}>{p.loanId}</Link>],
          ['Customer', <Link to={`/staff/customers/${p.customerId}`}>{p.customerName}</Link>],
          ['Kind', MONEY_KIND_WORDS[p.kind]],
          ['Amount', money(p.amountPence)],
          ['Proposed by', p.makerName],
          ['Reason', p.reason],
          ['Waiting', proposalAge(p)],
        ]}
      />
      {p.state === 'paying' && !mine ? (
        <>
          <p>{proposalState(p)}.</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-label={`Retry the payout: ${name}`}
            onClick={() => act(() => staffCall('moneyApprove', { proposalId: p.proposalId }))}
          >
            Retry the payout
          </button>
        </>
      ) : mine ? (
        <p>You proposed this: another team-lead decides it.</p>
      ) : (
        <>
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-label={`Approve: ${name}`}
            onClick={() => act(() => staffCall('moneyApprove', { proposalId: p.proposalId }))}
          >
            Approve
          </button>
          <form className="form" onSubmit={reject} aria-label={`Reject: ${name}`} noValidate>
            <Field label="Reason for rejecting" error={reasonError}>
              {(a11y) => <textarea className="input" name="reason" rows={2} maxLength={500} {...a11y} />}
            </Field>
            <button type="submit" className="button button--secondary" disabled={busy}>
              Reject
            </button>
          </form>
        </>
      )}
    </li>
  );
}

/** /staff/approvals (issue 48): the checker's inbox of refunds, waivers and write-offs waiting. */
export function Component() {
  const [notice, setNotice] = useState<Notice>(null);
  const waiting = useQuery({
    queryKey: ['staffApprovals'],
    queryFn: () => staffCall('moneyApprovals', undefined),
  });
  useEffect(() => {
    document.title = 'Approvals | Staff console';
  }, []);
  return (
    <>
      <h1>Approvals</h1>
      <NoticeBanner notice={notice} />
      {waiting.error ? (
        <p role="alert">{staffMessage(waiting.error)}</p>
      ) : !waiting.data ? (
        <p aria-busy="true">Loading what waits…</p>
      ) : waiting.data.proposals.length === 0 ? (
        <p>Nothing waits for approval.</p>
      ) : (
        <ul className="staff-cards">
          {waiting.data.proposals.map((p) => (
            <Waiting key={p.proposalId} p={p} setNotice={setNotice} />
          ))}
        </ul>
      )}
    </>
  );
}
