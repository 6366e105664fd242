import { LIVE_LOAN_STATUSES } from '@lender/contract/status';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { serverMessage } from '../../lib/api-client';
import { displayDate, money } from './borrow-format';
import { Fact } from './borrow-table';
import { useWithdrawal } from './get-withdrawal';
import { useWithdraw } from './withdraw';

/**
 * Withdrawal (Consumer Credit Act s66A, docs/decisions/026): within the 14 days after the agreement the
 * customer may withdraw without a reason; afterwards, what to repay (the principal and its interest,
 * nothing else) and by when, with the way to pay it. Only for a loan being repaid; nothing otherwise, or
 * when the read fails (the page is whole without it).
 */
export function WithdrawalSection({ statusId }: { statusId: number }) {
  const live = LIVE_LOAN_STATUSES.includes(statusId);
  const withdrawal = useWithdrawal(live);
  const send = useWithdraw();
  const headingId = useId();
  const notice = useRef<HTMLElement>(null);
  const [justWithdrawn, setJustWithdrawn] = useState(false);
  const given = withdrawal.data?.notice;

  useEffect(() => {
    if (given && justWithdrawn) notice.current?.focus();
  }, [given, justWithdrawn]);

  if (!live || !withdrawal.data) return null;
  if (given) {
    return (
      <section ref={notice} tabIndex={-1} className="borrow__section" aria-labelledby={headingId}>
        <h2 id={headingId}>You have withdrawn from this agreement</h2>
        <dl className="borrow-facts">
          <Fact term="Notice given on">{displayDate(given.noticeDate)}</Fact>
          <Fact term="Amount to repay today">{money(given.amountToRepay)}</Fact>
          <Fact term="Repay by">{displayDate(given.repayBy)}</Fact>
        </dl>
        <p>
          That is what you borrowed and still owe, with interest for each day until you repay, so it goes up a
          little each day. There is no other charge. We no longer collect repayments from your card.
        </p>
        <p>
          <Link className="button" to="/borrow/payment">
            Make the payment
          </Link>
        </p>
      </section>
    );
  }
  if (!withdrawal.data.canWithdraw) return null;
  return (
    <section className="borrow__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Changed your mind?</h2>
      <p>
        You can withdraw from your loan agreement until {displayDate(withdrawal.data.withdrawBy)}, without
        giving a reason. You would then repay what you borrowed and the interest for the days you had it,
        within 30 days. There is no other charge.
      </p>
      <ConfirmDialog
        title="Withdraw from your loan agreement?"
        openLabel="Withdraw from this agreement"
        confirmLabel="Yes, withdraw"
        busyLabel="Withdrawing…"
        cancelLabel="No, go back"
        errorOf={(err) => serverMessage(err)}
        onConfirm={async () => {
          await send.mutateAsync();
          setJustWithdrawn(true);
        }}
      >
        <p>
          You will need to repay what you borrowed and still owe, with interest for each day until you repay,
          within 30 days. We will stop collecting repayments from your card, and we will e-mail you the amount
          and how to pay.
        </p>
      </ConfirmDialog>
    </section>
  );
}
