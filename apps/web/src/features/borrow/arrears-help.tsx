import { BRAND, FREE_DEBT_ADVICE, telHref } from '@lender/contract/brand';
import {
  FORBEARANCE_MAX_PAYMENTS,
  PLAN_PAUSE_MAX_DAYS,
  RESCHEDULE_MAX_PAYMENTS,
} from '@lender/contract/constants';
import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { formatPence } from '@lender/contract/money';
import { TOKEN_PAYMENT_MIN_PENCE } from '@lender/contract/pricing/reschedule';
import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import { useId } from 'react';
import { Link } from 'react-router';
import { Disclosure } from '../../components/disclosure';
import { displayDate, money } from './borrow-format';
import { Fact } from './borrow-table';
import type { BorrowingSummary } from './get-borrowing-summary';
import { useScheduleSummaryExtra } from './get-schedule-summary';
import { useWithdrawal } from './get-withdrawal';
import { PauseForDebtAdvice } from './pause-for-debt-advice';

type Payment = BorrowingSummary['sobRep1'][number];

/**
 * A payment due whose date has passed: the server marks it so on its own business date (which the
 * browser's calendar may not be, where staff have moved it).
 */
export const isOverdue = (payment: Payment) => payment.description.endsWith('(overdue)');

/** The statuses of a loan with a payment overdue (an arrears notice, or a default after it). */
const BEHIND: readonly number[] = [AppStatus.arrears, AppStatus.defaulted];

/**
 * Help in arrears (CONC 7.3, docs/decisions/025): a customer behind with payments sees what is overdue and
 * every way forward, pay now, a plan (forbearance: no interest or fees while it is kept), a smaller
 * payment from £1, talking to us, and free debt advice. A customer who is not behind sees one calm line
 * that opens the same help, for the day paying gets hard. Nothing for a loan not being repaid, nor for
 * one the customer has withdrawn from (its section says what to repay, and no plan applies: s66A).
 */
export function ArrearsHelp({ summary }: { summary: BorrowingSummary }) {
  const live = LIVE_LOAN_STATUSES.includes(summary.appStatusID);
  const schedule = useScheduleSummaryExtra(live);
  const withdrawal = useWithdrawal(live);
  // Decided once both reads are in (or failed): the page never swaps the calm line for the warning.
  if (!live || schedule.isPending || withdrawal.isPending) return null;
  if (withdrawal.data?.notice) return null;

  const overdue = summary.sobRep1.filter(isOverdue);
  // The server's 'Overdue now', fees included (issue 45): never the rows summed here.
  const overdueNow = summary.figures?.overdueNow ?? 0;
  const forbearance = schedule.data?.planRules?.forbearance ?? false;
  const help = { forbearance, blocked: schedule.data?.blocked ?? false };
  if (overdue.length > 0 || overdueNow > 0 || forbearance || BEHIND.includes(summary.appStatusID)) {
    return <BehindWithPayments overdue={overdue} overdueNow={overdueNow} {...help} />;
  }
  return <StrugglingToPay {...help} />;
}

type HelpProps = {
  /** A plan now is forbearance: no interest or fees while it is kept. */
  forbearance: boolean;
  /** The card is not active: nothing can be paid or planned until a new one is added. */
  blocked: boolean;
};

/** In arrears: what is overdue, then the options, paying now being the one primary action. */
function BehindWithPayments({
  overdue,
  overdueNow,
  ...help
}: HelpProps & { overdue: readonly Payment[]; overdueNow: number }) {
  const headingId = useId();
  const since = overdue.map((p) => p.date).sort()[0];
  return (
    <section className="borrow__section banner banner--info arrears-help" aria-labelledby={headingId}>
      <h2 id={headingId}>You have a payment overdue</h2>
      {overdueNow > 0 ? (
        <dl className="borrow-facts">
          <Fact term={FIGURE_NAMES.overdueNow}>{money(overdueNow)}</Fact>
          {since ? <Fact term="Overdue since">{displayDate(since)}</Fact> : null}
        </dl>
      ) : null}
      <p>
        If paying is difficult, you are not alone and we are here to help. Choose what suits you, or talk to
        us first.
      </p>
      <HelpOptions inArrears {...help} />
    </section>
  );
}

/** Not in arrears: one calm line, which opens the same help (the 'approaching arrears' case). */
function StrugglingToPay(help: HelpProps) {
  return (
    <Disclosure className="borrow__section" summary="Struggling to pay?">
      <div className="arrears-help-line__body">
        <p>
          Please tell us as soon as you can, before a payment is missed: we will look at what you can afford
          with you.
        </p>
        <HelpOptions inArrears={false} {...help} />
      </div>
    </Disclosure>
  );
}

/** The ways forward, each a heading and what to press; in arrears paying now is the primary action. */
function HelpOptions({ inArrears, forbearance, blocked }: HelpProps & { inArrears: boolean }) {
  const token = formatPence(TOKEN_PAYMENT_MIN_PENCE);
  return (
    <ul className="help-options">
      {blocked ? (
        <>
          {/* Issue 45: paying never waits for a new authority; a plan does, as it is collected by card. */}
          <li>
            <h3>Pay now</h3>
            <p>
              Your card on the system is not active, so we cannot take a payment from it. You can still pay
              what is overdue, or everything you owe, once: by a debit card we do not keep, or by bank
              transfer. Neither sets up any collections.
            </p>
            <p>
              <Link className={inArrears ? 'button' : undefined} to="/borrow/payment">
                Pay now
              </Link>
            </p>
          </li>
          <li>
            {/* Issue 46 item 7: forbearance without a new card or authority (CONC 7.3). */}
            <h3>A plan you pay yourself</h3>
            <p>
              Spread what you owe over up to {FORBEARANCE_MAX_PAYMENTS} payments you can afford, paid by bank
              transfer or by card when you choose. We add no interest or fees while you keep to it, and
              collect nothing from a card. We ask for your income and outgoings to check the plan fits.
            </p>
            <p>
              <Link to="/borrow/payment?reschedule=true">Set up a plan you pay yourself</Link>
            </p>
          </li>
          <li>
            <h3>Add a new card</h3>
            <p>
              A plan collected from a card needs a new card. The page says what we will collect from it, and
              when, before you agree.
            </p>
            <p>
              <Link to="/borrow/update-card">Add a new card</Link>
            </p>
          </li>
        </>
      ) : (
        <>
          {inArrears ? (
            <li>
              <h3>Pay now</h3>
              <p>Pay what is overdue, or everything you owe, by debit card.</p>
              <p>
                <Link className="button" to="/borrow/payment">
                  Pay now
                </Link>
              </p>
            </li>
          ) : null}
          <li>
            <h3>A new payment plan</h3>
            <p>
              Spread what you owe over up to {RESCHEDULE_MAX_PAYMENTS} payments, on dates that suit you.{' '}
              {forbearance
                ? 'As you are behind with your payments, we add no interest or fees while you keep to the plan.'
                : 'A plan that ends after your last agreed payment date costs more interest: the page tells you before you choose.'}{' '}
              We collect the plan’s payments from your card only if you agree.
            </p>
            <p>
              <Link to="/borrow/payment?reschedule=true">Set up a payment plan</Link>
            </p>
          </li>
          {inArrears ? (
            <li>
              <h3>Pay a smaller amount</h3>
              <p>
                If you cannot pay it all, pay what you can afford, from {token}: choose ‘Other amount’. A new
                plan then spreads the rest.
              </p>
              <p>
                <Link to="/borrow/payment">Pay a smaller amount</Link>
              </p>
            </li>
          ) : null}
        </>
      )}
      <li>
        <h3>Talk to us</h3>
        <p>
          Call us on <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> (
          {BRAND.hours.customerCare}) or e-mail{' '}
          <a className="breakable" href={`mailto:${BRAND.supportEmail}`}>
            {BRAND.supportEmail}
          </a>
          . Tell us if your circumstances have changed, and we will agree with you what you can afford.
        </p>
      </li>
      <li>
        <h3>Free, impartial debt advice</h3>
        <p>These organisations give free, confidential advice and will not try to sell you anything:</p>
        <ul className="help-options__advice">
          {FREE_DEBT_ADVICE.map((a) => (
            <li key={a.name}>
              <a href={a.url} rel="noopener noreferrer">
                {a.name}
              </a>
              , <a href={telHref(a.phone)}>{a.phone}</a>
            </li>
          ))}
        </ul>
        <p>
          A debt adviser can also ask for a Breathing Space for you: 60 days in which we add no interest or
          fees and do not ask you for payment.
        </p>
        {inArrears && forbearance ? (
          <>
            {/* Issue 46 item 7: a customer getting debt advice has collections paused (CONC 7.3). */}
            <p>
              Getting debt advice, or about to? We can pause your payments for {PLAN_PAUSE_MAX_DAYS} days
              while you do.
            </p>
            <PauseForDebtAdvice />
          </>
        ) : null}
      </li>
    </ul>
  );
}
