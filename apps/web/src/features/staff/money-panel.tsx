import type { CallResponse } from '@lender/contract/api-calls';
import { formatDisplayDate } from '@lender/contract/dates';
import { parsePounds, poundsToPence } from '@lender/contract/money';
import { MONEY_MAX_PENCE } from '@lender/contract/calls/staff-money';
import { Msg } from '@lender/contract/rules/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { RadioChoices } from '../../components/form/radio-choices';
import { NoticeBanner, type Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { money } from './staff-format';
import { proposalState, proposalWhat, proposedAt } from './money-words';
import { may, useStaff } from './staff-session';

type Loan = CallResponse<'customersLoan'>;
type Choice = 'credit' | 'payment' | 'waiver' | 'write-off';

/** The amount typed in pounds, in pence; undefined when it is not an amount we take. */
export function typedPence(text: string): number | undefined {
  const pounds = parsePounds(text);
  if (pounds === undefined) return undefined;
  const pence = poundsToPence(pounds);
  return pence >= 1 && pence <= MONEY_MAX_PENCE ? pence : undefined;
}

/** Payments on the ledger a refund may reverse: the customer's, not reversed. */
function paymentsOf(l: Loan) {
  const reversed = new Set(l.ledger.filter((r) => r.kind === 'reversal').map((r) => r.reversesId));
  return l.ledger.filter(
    (r) => (r.kind === 'card-payment' || r.kind === 'instalment') && !reversed.has(r.id),
  );
}

/** Propose a refund, a waiver or a write-off, as the member's role allows (issue 48's four eyes). */
function ProposeForm({ l }: { l: Loan }) {
  const me = useStaff();
  const queries = useQueryClient();
  const choices = [
    ...(may(me, 'money:propose-refund')
      ? [
          {
            value: 'credit' as const,
            label: 'Refund the credit balance',
            hint: 'Paid to the customer’s bank account on file.',
          },
          {
            value: 'payment' as const,
            label: 'Refund a payment taken in error',
            hint: 'All or part of one payment.',
          },
        ]
      : []),
    ...(may(me, 'money:propose-waiver')
      ? [{ value: 'waiver' as const, label: 'Waive interest or fees' }]
      : []),
    ...(may(me, 'money:propose-write-off')
      ? [{ value: 'write-off' as const, label: 'Write off the balance' }]
      : []),
  ];
  const [choice, setChoice] = useState<Choice | null>(null);
  const [errors, setErrors] = useState<{
    choice?: string;
    amount?: string;
    reason?: string;
    payment?: string;
  }>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const payments = paymentsOf(l);
  if (choices.length === 0) return null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const amountPence = typedPence(String(data.get('amount') ?? ''));
    const reason = String(data.get('reason') ?? '').trim();
    const paymentId = Number(data.get('payment') ?? 0) || null;
    const found = {
      ...(choice ? {} : { choice: 'Please choose what to propose.' }),
      ...(amountPence === undefined ? { amount: Msg.moneyAmount } : {}),
      ...(reason.length < 5 || reason.length > 500 ? { reason: Msg.moneyReason } : {}),
      ...(choice === 'payment' && !paymentId ? { payment: Msg.moneyPayment } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || !choice || amountPence === undefined) {
      setNotice({ kind: 'error', text: Object.values(found).join(' ') });
      return;
    }
    setBusy(true);
    setNotice(null);
    const body = { loanId: l.loanId, amountPence, reason };
    const run =
      choice === 'waiver'
        ? staffCall('moneyProposeWaiver', body)
        : choice === 'write-off'
          ? staffCall('moneyProposeWriteOff', body)
          : staffCall('moneyProposeRefund', { ...body, paymentId: choice === 'payment' ? paymentId : null });
    run
      .then(async (made) => {
        setNotice({
          kind: 'success',
          text: `Proposed: ${proposalWhat(made)}. A team-lead will approve or reject it.`,
        });
        form.reset();
        setChoice(null);
        await queries.invalidateQueries({ queryKey: ['staffLoanProposals', l.loanId] });
      })
      .catch((err: unknown) => setNotice({ kind: 'error', text: staffMessage(err) }))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <h3>Propose</h3>
      <NoticeBanner notice={notice} />
      <form className="form" onSubmit={submit} aria-label="Propose a refund, waiver or write-off" noValidate>
        <RadioChoices
          legend="What to propose"
          items={choices}
          value={choice}
          onChange={setChoice}
          error={errors.choice}
        />
        {choice === 'payment' ? (
          <Field label="Payment taken in error" error={errors.payment}>
            {(a11y) => (
              <select className="select" name="payment" defaultValue="" {...a11y}>
                <option value="">Choose a payment</option>
                {payments.map((p) => (
                  <option key={p.id} value={p.id}>
                    {`${formatDisplayDate(p.onDate)}: ${money(p.amountPence)} (${p.kind === 'instalment' ? 'CPA' : 'card'}, no. ${p.id})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field label="Amount" hint="In pounds, for example 25.50." error={errors.amount}>
          {(a11y) => <MoneyInput name="amount" {...a11y} />}
        </Field>
        <Field
          label="Reason"
          hint="Read by the team-lead who checks it, and kept in the audit. 5 to 500 characters."
          error={errors.reason}
        >
          {(a11y) => <textarea className="input" name="reason" rows={3} maxLength={500} {...a11y} />}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Propose
        </button>
      </form>
    </>
  );
}

/** A loan's refunds, waivers and write-offs, in every state, and the form to propose one (issue 48 item 5). */
export function MoneyPanel({ l }: { l: Loan }) {
  const proposals = useQuery({
    queryKey: ['staffLoanProposals', l.loanId],
    queryFn: () => staffCall('moneyLoanProposals', { loanId: l.loanId }),
  });
  return (
    <section aria-labelledby="money-heading">
      <h2 id="money-heading">Refunds, waivers and write-offs</h2>
      {proposals.error ? (
        <p role="alert">{staffMessage(proposals.error)}</p>
      ) : !proposals.data ? (
        <p aria-busy="true">Loading the proposals…</p>
      ) : proposals.data.proposals.length === 0 ? (
        <p>None proposed.</p>
      ) : (
        <table className="staff-table">
          <caption>Proposals on this loan, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Proposed</th>
              <th scope="col">By</th>
              <th scope="col">What</th>
              <th scope="col">Reason</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {proposals.data.proposals.map((p) => (
              <tr key={p.proposalId}>
                <td>{proposedAt(p)}</td>
                <td>{p.makerName}</td>
                <td>{proposalWhat(p)}</td>
                <td>{p.reason}</td>
                <td>{proposalState(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ProposeForm l={l} />
    </section>
  );
}
