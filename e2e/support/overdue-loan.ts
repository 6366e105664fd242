import { inServerDatabase, serverBusinessDate } from './server-database';
import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import { accruedInterestPence } from '@lender/contract/pricing/pricing';
import { AppStatus } from '@lender/contract/status';
import { EXPIRED_CARD_CODE } from '../../apps/api/src/lib/card-provider/card-provider';

/** Why nothing was collected on the due date. */
export type MissedBecause =
  /** The customer withdrew the Continuous Payment Authority: no collection was tried. */
  | 'cpa-cancelled'
  /** The card on file had expired: the one collection tried was declined and the card blocked. */
  | 'card-expired';

export type OverdueLoan = {
  /** The business date (yyyy-MM-dd). */
  today: IsoDate;
  /** The day the loan was paid out, as it now stands. */
  fundedOn: IsoDate;
  /** The first instalment's due date, `daysOverdue` days before today. */
  firstDue: IsoDate;
};

/**
 * A loan just paid out, put back in time so that its first instalment fell due `daysOverdue` days ago and
 * was not paid: in arrears, as the close of business leaves such a loan (loanInArrears of the API tests,
 * apps/api/src/test/live-loan.ts). The loan's dates (paid out, priced, every due date of the signed
 * schedule, the advance) move back together, so the schedule stays the one signed; each day closed since
 * the payout gets the interest row the close of business posts (`interest:<id>:<date>`, the day's accrual
 * on the principal); the status is arrears. Written in the test server's database because getting there
 * by closing days would move the business date of every test sharing the server (defaulted-loan.ts).
 */
export async function firstInstalmentMissed(
  appGuid: string,
  because: MissedBecause,
  daysOverdue = 2,
): Promise<OverdueLoan> {
  const today = await serverBusinessDate();
  return inServerDatabase((db) => {
    const loan = db
      .prepare(
        `select l.application_id as id, l.funded_on, l.priced_on, l.principal_pence, l.daily_rate
       from loans l join applications a on a.id = l.application_id where a.guid = ?`,
      )
      .get(appGuid) as
      | {
          id: number;
          funded_on: string | null;
          priced_on: string;
          principal_pence: number;
          daily_rate: number;
        }
      | undefined;
    if (!loan?.funded_on) throw new Error(`no paid-out loan of ${appGuid}`);
    const kinds = db.prepare('select type from loan_transactions where application_id = ?').all(loan.id) as {
      type: string;
    }[];
    if (kinds.length !== 1 || kinds[0]!.type !== 'advance') {
      throw new Error(`the loan of ${appGuid} has moved on since its payout: ${kinds.map((k) => k.type)}`);
    }
    const instalments = db
      .prepare(
        'select seq, due_date, payment_pence from loan_instalments where application_id = ? order by seq',
      )
      .all(loan.id) as { seq: number; due_date: string; payment_pence: number }[];
    const back = daysBetween(today, instalments[0]!.due_date) + daysOverdue;
    const moved = (date: string) => addDays(date, -back);
    const fundedOn = moved(loan.funded_on);
    const firstDue = moved(instalments[0]!.due_date);

    db.transaction(() => {
      db.prepare('update loans set funded_on = ?, priced_on = ? where application_id = ?').run(
        fundedOn,
        moved(loan.priced_on),
        loan.id,
      );
      const due = db.prepare('update loan_instalments set due_date = ? where application_id = ? and seq = ?');
      for (const i of instalments) due.run(moved(i.due_date), loan.id, i.seq);
      db.prepare(
        `update loan_transactions set on_date = ? where application_id = ? and type = 'advance'`,
      ).run(fundedOn, loan.id);
      // The days closed since the payout (today is not closed yet): each one's interest, nothing paid.
      const interest = db.prepare(
        `insert into loan_transactions (application_id, type, amount_pence, on_date, reverses_id, reference, created_at, actor)
       values (?, 'interest', ?, ?, null, ?, ?, null)`,
      );
      const accrued = (days: number) => accruedInterestPence(loan.principal_pence, loan.daily_rate, days);
      for (let day = 1; day < daysBetween(fundedOn, today); day++) {
        const date = addDays(fundedOn, day);
        const pence = accrued(day) - accrued(day - 1);
        if (pence > 0)
          interest.run(loan.id, pence, date, `interest:${loan.id}:${date}`, new Date().toISOString());
      }
      if (because === 'cpa-cancelled') {
        db.prepare('update loans set cpa_cancelled_at = ? where application_id = ?').run(
          `${addDays(firstDue, -3)}T10:00:00.000Z`,
          loan.id,
        );
      } else {
        const at = `${firstDue}T06:00:00.000Z`;
        db.prepare(
          `insert into cpa_attempts (application_id, seq, attempt, on_date, idempotency_key, amount_pence, outcome, z2, z3, charge_id, created_at, answered_at)
         values (?, ?, 1, ?, ?, ?, 'declined', ?, null, null, ?, ?)`,
        ).run(
          loan.id,
          instalments[0]!.seq,
          firstDue,
          `e2e-cpa:${loan.id}:${instalments[0]!.seq}:1`,
          instalments[0]!.payment_pence,
          EXPIRED_CARD_CODE,
          at,
          at,
        );
        db.prepare('update loans set blocked_on = ?, blocked_reason = ? where application_id = ?').run(
          firstDue,
          'card expired',
          loan.id,
        );
      }
      db.prepare('update applications set status_id = ? where id = ?').run(AppStatus.arrears, loan.id);
    })();
    return { today, fundedOn, firstDue };
  });
}
