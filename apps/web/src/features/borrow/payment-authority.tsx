import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { serverMessage } from '../../lib/api-client';
import { displayDate, money } from './borrow-format';
import { useCancelCpa } from './cancel-cpa';

/**
 * The continuous payment authority (CONC 7.6, docs/decisions/026): how it collects, the customer's right
 * to cancel it at any time, and, once it is cancelled, that collections have stopped and how to pay
 * instead. After the customer cancels it here, focus moves to that notice.
 */
type Props = {
  cancelled: boolean;
  /** The card is blocked (two collections failed): the authority collects nothing until a new card. */
  blocked?: boolean;
  /** What it will collect next, and when (GetScheduleSummary's nextInstalment). */
  next?: { date: string; amount: number; collectOn: string } | null;
  /** A plan paid by other means stands (issue 46 item 7): the authority collects nothing while it is kept. */
  otherMeans?: boolean;
};

/** What the authority will take next, said before it takes it (issue 45). */
function nextCollectionLine(blocked: boolean, next: Props['next'], otherMeans: boolean) {
  if (otherMeans) {
    return 'Your payment plan is one you pay yourself: we collect nothing from a card while you keep to it. Pay each payment by its date with Make a payment, or by bank transfer with your loan number as the reference.';
  }
  if (blocked) {
    return 'Your card on the system is not active, so we collect nothing from it. Adding a new card sets up collections again: the page says what and when before you agree.';
  }
  if (!next) return null;
  return next.date < next.collectOn
    ? `Next collection: your overdue repayment of ${money(next.amount)}, tonight, ${displayDate(next.collectOn)}.`
    : `Next collection: ${money(next.amount)} on ${displayDate(next.collectOn)}.`;
}

export function PaymentAuthority({ cancelled, blocked = false, next = null, otherMeans = false }: Props) {
  const headingId = useId();
  const cancel = useCancelCpa();
  const notice = useRef<HTMLElement>(null);
  const [justCancelled, setJustCancelled] = useState(false);

  useEffect(() => {
    if (cancelled && justCancelled) notice.current?.focus();
  }, [cancelled, justCancelled]);

  if (cancelled) {
    return (
      <section
        ref={notice}
        tabIndex={-1}
        className="borrow__section banner borrow-notice"
        aria-labelledby={headingId}
      >
        <h2 id={headingId}>Collections from your card have stopped</h2>
        <p>
          The continuous payment authority is cancelled, so we will not take any payment from your card unless
          you make it yourself.
        </p>
        <p>
          Your repayments are still due on the dates in your payment plan. Please pay each one with Make a
          payment, or by bank transfer to the account under ‘Paying by bank transfer’ below, with your loan
          number as the reference.
        </p>
      </section>
    );
  }
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Continuous payment authority</h2>
      <p>
        We collect each repayment from your debit card on its due date, as you agreed. You can cancel this at
        any time: your repayments stay due, and you would pay them yourself, by card or by bank transfer.
      </p>
      {nextCollectionLine(blocked, next, otherMeans) ? (
        <p>{nextCollectionLine(blocked, next, otherMeans)}</p>
      ) : null}
      <ConfirmDialog
        title="Cancel your continuous payment authority?"
        openLabel="Cancel continuous payment authority"
        confirmLabel="Yes, cancel it"
        busyLabel="Cancelling…"
        cancelLabel="No, keep it"
        errorOf={(err) => serverMessage(err)}
        onConfirm={async () => {
          await cancel.mutateAsync();
          setJustCancelled(true);
        }}
      >
        <p>
          We will stop taking repayments from your card. They will still be due on the same dates, and you
          will need to pay each one yourself, with Make a payment or by bank transfer. A repayment not made on
          its date is overdue.
        </p>
      </ConfirmDialog>
    </section>
  );
}
