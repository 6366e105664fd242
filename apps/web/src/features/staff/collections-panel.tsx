import type { CallResponse } from '@lender/contract/api-calls';
import type { CallInput } from '../../lib/api-client';
import { formatDisplayDate } from '@lender/contract/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { NoticeBanner, useStaffAction, type Notice } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { money } from './staff-format';
import { may, useStaff } from './staff-session';

type Loan = CallResponse<'customersLoan'>;
type TransferValues = { amount: string; valueDate: string; reference: string };
type TransferPayload = CallInput<'loansPostTransfer'>;
type PromiseValues = { amount: string; dueDate: string };
type PromisePayload = CallInput<'loansRecordPromise'>;

const loadTransferSchema = () =>
  import('@lender/contract/calls/staff-collections').then((m) => m.bankTransferBodySchema);

/** A payment the bank received, as its statement shows it: posted on its value date (issue 48 item 5). */
function TransferForm({ loan, setNotice }: { loan: Loan; setNotice: (n: Notice) => void }) {
  const queries = useQueryClient();
  const { form, errorOf, formProps, summary, busy } = useContractForm<TransferValues, TransferPayload>({
    schema: loadTransferSchema,
    defaultValues: { amount: '', valueDate: '', reference: '' },
    toPayload: (values) => ({ loanId: loan.loanId, ...values }),
    onSubmit: async (payload) => {
      setNotice(null);
      const done = await staffCall('loansPostTransfer', payload);
      setNotice({
        kind: 'success',
        text:
          `${money(done.amountPence)} received by bank transfer (${done.reference}) posted on ` +
          `${formatDisplayDate(done.valueDate)}. Balance ${money(done.balancePence)}, overdue ` +
          `${money(done.arrearsPence)}.`,
      });
      form.reset();
      await queries.invalidateQueries({ queryKey: ['staffLoan', String(loan.loanId)] });
    },
    onError: (err) => setNotice({ kind: 'error', text: staffMessage(err) }),
  });
  const { register } = form;
  return (
    <form {...formProps} aria-label="Post a bank transfer" className="form">
      <ErrorSummary summary={summary} />
      <Field label="Amount received (£)" error={errorOf('amount')}>
        {(a11y) => <input className="input" inputMode="decimal" {...a11y} {...register('amount')} />}
      </Field>
      <Field
        label="Value date"
        hint="As yyyy-MM-dd: the day the bank received it, today or up to 30 days back."
        error={errorOf('valueDate')}
      >
        {(a11y) => <input className="input" {...a11y} {...register('valueDate')} />}
      </Field>
      <Field label="Bank reference" hint="As the bank statement shows it." error={errorOf('reference')}>
        {(a11y) => <input className="input" {...a11y} {...register('reference')} />}
      </Field>
      <SubmitButton busy={busy}>Post the transfer</SubmitButton>
    </form>
  );
}

const loadPromiseSchema = () =>
  import('@lender/contract/calls/staff-collections').then((m) => m.promiseBodySchema);

/** A promise to pay: the close of business decides whether it was kept. */
function PromiseForm({ loan, setNotice }: { loan: Loan; setNotice: (n: Notice) => void }) {
  const queries = useQueryClient();
  const { form, errorOf, formProps, summary, busy } = useContractForm<PromiseValues, PromisePayload>({
    schema: loadPromiseSchema,
    defaultValues: { amount: '', dueDate: '' },
    toPayload: (values) => ({ loanId: loan.loanId, ...values }),
    onSubmit: async (payload) => {
      setNotice(null);
      const done = await staffCall('loansRecordPromise', payload);
      setNotice({
        kind: 'success',
        text: `Promise of ${money(done.amountPence)} by ${formatDisplayDate(done.dueDate)} recorded.`,
      });
      form.reset();
      await queries.invalidateQueries({ queryKey: ['staffPromises', loan.loanId] });
    },
    onError: (err) => setNotice({ kind: 'error', text: staffMessage(err) }),
  });
  const { register } = form;
  return (
    <form {...formProps} aria-label="Record a promise to pay" className="form">
      <ErrorSummary summary={summary} />
      <Field label="Amount promised (£)" error={errorOf('amount')}>
        {(a11y) => <input className="input" inputMode="decimal" {...a11y} {...register('amount')} />}
      </Field>
      <Field label="Promised by" hint="As yyyy-MM-dd: from today to 30 days on." error={errorOf('dueDate')}>
        {(a11y) => <input className="input" {...a11y} {...register('dueDate')} />}
      </Field>
      <SubmitButton busy={busy}>Record the promise</SubmitButton>
    </form>
  );
}

const OUTCOME_WORDS = { kept: 'Kept', broken: 'Broken' } as const;

/** The loan's promises to pay and what became of each. */
function PromisesTable({ loanId }: { loanId: number }) {
  const promises = useQuery({
    queryKey: ['staffPromises', loanId],
    queryFn: () => staffCall('loansPromises', { loanId }),
    retry: false,
  });
  if (promises.error) return <p role="alert">{staffMessage(promises.error)}</p>;
  if (!promises.data) return <p aria-busy="true">Loading the promises…</p>;
  if (promises.data.promises.length === 0) return <p>No promise to pay recorded.</p>;
  return (
    <table className="staff-table">
      <caption>Promises to pay</caption>
      <thead>
        <tr>
          <th scope="col">Made</th>
          <th scope="col">Amount</th>
          <th scope="col">By</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {promises.data.promises.map((p) => (
          <tr key={p.promiseId}>
            <td>{formatDisplayDate(p.madeOn)}</td>
            <td>{money(p.amountPence)}</td>
            <td>{formatDisplayDate(p.dueDate)}</td>
            <td>
              {p.outcome
                ? `${OUTCOME_WORDS[p.outcome]} (${formatDisplayDate(p.outcomeOn ?? p.dueDate)})`
                : 'Waiting'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The collections actions on a loan (issue 48 item 5), each shown only to a role that may take it: post a
 * payment received by bank transfer; start and end a breathing space; flag the account legal (refused by
 * the server until a default notice's remedy date has passed).
 */
export function CollectionsPanel({ loan }: { loan: Loan }) {
  const me = useStaff();
  const { notice, setNotice, busy, act } = useStaffAction(['staffLoan', String(loan.loanId)]);
  const canPay = may(me, 'loan:payment');
  const canSpace = may(me, 'loan:breathing-space');
  const canLegal = may(me, 'loan:legal');
  const canPromise = may(me, 'loan:promise');
  const live = Boolean(loan.fundedOn) && !loan.settledOn;
  const inSpace = loan.holds.some((h) => h.kind === 'breathingSpace');
  const guid = { applicationGuid: loan.applicationGuid };
  const acts = canPay || canSpace || canLegal || canPromise;
  return (
    <section aria-labelledby="collections-actions" className="staff-actions">
      <h2 id="collections-actions">Collections</h2>
      <h3>Promises to pay</h3>
      <PromisesTable loanId={loan.loanId} />
      {!acts ? null : (
        <>
          <NoticeBanner notice={notice} />
          {!live ? <p>The loan is not being repaid: there is nothing to collect.</p> : null}
          {live && canPromise ? (
            <>
              <h3>Record a promise to pay</h3>
              <PromiseForm loan={loan} setNotice={setNotice} />
            </>
          ) : null}
          {live && canPay ? (
            <>
              <h3>Post a bank transfer</h3>
              <TransferForm loan={loan} setNotice={setNotice} />
            </>
          ) : null}
          {live && (canSpace || canLegal) ? (
            <p>
              {canSpace && inSpace ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      const ended = await staffCall('loansEndBreathingSpace', guid);
                      return `Breathing space ended today; collection resumes on ${formatDisplayDate(ended.resumesOn)}.`;
                    })
                  }
                >
                  End the breathing space
                </button>
              ) : null}
              {canSpace && !inSpace
                ? (['standard', 'mental-health-crisis'] as const).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          const started = await staffCall('loansStartBreathingSpace', { ...guid, kind });
                          return started.endsOn
                            ? `Breathing space started, to ${formatDisplayDate(started.endsOn)}.`
                            : 'Mental health crisis moratorium started; it lasts until it is ended.';
                        })
                      }
                    >
                      {kind === 'standard'
                        ? 'Start a breathing space (60 days)'
                        : 'Start a mental health crisis moratorium'}
                    </button>
                  ))
                : null}{' '}
              {canLegal ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      const flagged = await staffCall('loansFlagLegal', guid);
                      return flagged.letter.issued
                        ? `Flagged legal; a Letter of Claim for ${money(flagged.letter.amountPence ?? 0)} was sent.`
                        : `Flagged legal; no letter sent: ${flagged.letter.reason ?? ''}`;
                    })
                  }
                >
                  Flag legal
                </button>
              ) : null}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
