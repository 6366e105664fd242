import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { Actor } from '../audit/actor';
import { instalmentStates, paidTowardsSchedules, type Position } from './ledger';
import { currentVersion, type LoanBook, type LoanRepository } from './loan-repository';

/** One payment of a plan paid without a card, and its share of capital and of the charges already due. */
export type PlanLine = { date: IsoDate; paymentPence: Pence; principalPence: Pence; interestPence: Pence };

/**
 * Each payment's share of what is owed: `charges` (interest and fees already due) are paid first, as a
 * payment is allocated, then principal; interest no longer runs (the plan's rate is 0).
 */
export function planLines(
  payments: readonly { date: IsoDate; paymentPence: Pence }[],
  charges: Pence,
): PlanLine[] {
  let left = charges;
  return payments.map(({ date, paymentPence }) => {
    const interestPence = Math.min(left, paymentPence);
    left -= interestPence;
    return { date, paymentPence, principalPence: paymentPence - interestPence, interestPence };
  });
}

/**
 * A pause of collections for `days` (docs/decisions/069 and 075): the instalments still owed each moved on
 * by the pause (the overdue ones together, to the day after it), sharing what is owed now, since no
 * interest runs any more. Staff agree it from the console; a customer getting debt advice asks for it.
 */
export function pausedPayments(
  book: LoanBook,
  position: Position,
  today: IsoDate,
  days: number,
): { date: IsoDate; paymentPence: Pence }[] {
  const balance = position.totalDuePence;
  const owed = instalmentStates(book.terms, position).filter((i) => i.duePence > 0);
  const dates = [
    ...new Set(
      (owed.length > 0 ? owed.map((i) => i.dueDate) : [today]).map((due) =>
        addDays(due > today ? due : addDays(today, 1), days),
      ),
    ),
  ];
  const each = Math.floor(balance / dates.length);
  return dates.map((date, k) => ({
    date,
    paymentPence: each + (k === 0 ? balance - each * dates.length : 0),
  }));
}

/**
 * Stores a forbearance plan paid without a card (docs/decisions/069 and 075): a new version of the
 * schedule at no interest, marked without a card (the CPA charges nothing while it stands), and the
 * ledger's 'reschedule' row from which its rate, 0, applies. In the caller's transaction.
 */
export async function storePlanWithoutCard(
  loans: Pick<LoanRepository, 'addScheduleVersion' | 'post'>,
  plan: {
    book: LoanBook;
    position: Position;
    today: IsoDate;
    lines: readonly PlanLine[];
    pauseUntil: IsoDate | null;
    idempotencyKey: string;
    actor: Actor;
  },
): Promise<number> {
  const { book, today, actor } = plan;
  const applicationId = book.loan.application_id;
  const version = currentVersion(book) + 1;
  await loans.addScheduleVersion(
    {
      application_id: applicationId,
      version,
      kind: 'forbearance',
      daily_rate: 0,
      paid_before_pence: paidTowardsSchedules(plan.position),
      created_on: today,
      idempotency_key: plan.idempotencyKey,
      request_hash: null,
      without_card: 1,
      pause_until: plan.pauseUntil,
    },
    plan.lines,
    Math.max(...book.schedule.map((s) => s.seq)) + 1,
  );
  await loans.post([
    {
      applicationId,
      type: 'reschedule',
      amountPence: 0,
      onDate: today,
      reference: `reschedule:${applicationId}:${version}`,
      actor,
    },
  ]);
  return version;
}
