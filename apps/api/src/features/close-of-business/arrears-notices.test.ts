import { addDays } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S86B_REPEAT_DAYS } from '../../entities/loans/arrears-notices';
import { arrearsPence, positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { s86bTrigger } from '../../entities/loans/servicing-rules';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { activeLoan, dueDates, noticesOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The loan's position and arrears on a day, from its ledger as the close of business reads it. */
async function standing(t: TestApp, applicationId: number, date: string) {
  const book = (await loanRepository(t.ctx.db).books([applicationId])).get(applicationId)!;
  const position = positionOf(book.terms, book.rows, date);
  return {
    terms: book.terms,
    position,
    arrears: arrearsPence(book.terms, position, date),
    triggered: s86bTrigger(book.terms, position, date) !== null,
  };
}

// Each test closes six months of days one by one: on PostgreSQL, with other suites running, that is
// longer than the default 20 s.
const HALF_A_YEAR_OF_DAYS = 180_000;

describe('notices of sums in arrears through the close of business (s86B(2)(b), (5))', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoan>>;
  let dates: string[];
  beforeAll(async () => {
    t = await createTestApp();
    loan = await activeLoan(t, CARDS.declinesCharges);
    dates = await dueDates(t, loan.applicationId);
  });
  afterAll(() => t.close());

  const arrearsNotices = async () =>
    (await noticesOf(t, loan.applicationId)).filter((n) => n.kind === 's86b').map((n) => n.on_date);

  it(
    'repeats the notice within six months after a part payment leaves arrears under the trigger',
    async () => {
      // Nothing is collected (the card declines): two instalments missed, the first notice.
      await travelTo(t, addDays(dates[1]!, 1));
      expect(await arrearsNotices()).toEqual([dates[1]]);

      // A part payment the next day of one and a half instalments: the shortfall is under the last two
      // payments, now and after the last due date, so the s86B(1) trigger never holds again, but the
      // customer is still in arrears.
      const payDay = addDays(dates[1]!, 1);
      const before = await standing(t, loan.applicationId, payDay);
      await loanRepository(t.ctx.db).post([
        {
          applicationId: loan.applicationId,
          type: 'card-payment',
          amountPence: Math.round(before.terms.instalments[0]!.paymentPence * 1.5),
          onDate: payDay,
          reference: 'test:part-payment',
        },
      ]);
      const after = await standing(t, loan.applicationId, payDay);
      expect(after.triggered).toBe(false);
      expect(after.arrears).toBeGreaterThan(0);

      // Before this change nothing more was sent: the repeat waited for the trigger.
      const repeatOn = addDays(dates[1]!, S86B_REPEAT_DAYS);
      await travelTo(t, repeatOn);
      expect(await arrearsNotices()).toEqual([dates[1]]);
      await travelTo(t, addDays(repeatOn, 1));
      expect(await arrearsNotices()).toEqual([dates[1], repeatOn]);
      const last = await standing(t, loan.applicationId, repeatOn);
      expect(last.triggered).toBe(false);
      const subjects = (await messagesTo(t, loan.email)).map((m) => m.subject ?? '');
      expect(subjects.filter((s) => s.startsWith('Notice of sums in arrears'))).toHaveLength(2);
    },
    HALF_A_YEAR_OF_DAYS,
  );

  it(
    'stops once nothing is owed in arrears (s86B(5)), and a day closed again sends nothing twice',
    async () => {
      const today = t.ctx.businessDate.today();
      const { position } = await standing(t, loan.applicationId, today);
      await loanRepository(t.ctx.db).post([
        {
          applicationId: loan.applicationId,
          type: 'card-payment',
          amountPence: position.totalDuePence,
          onDate: today,
          reference: 'test:paid-up',
        },
      ]);
      await travelTo(t, addDays(today, S86B_REPEAT_DAYS + 10));
      expect(await arrearsNotices()).toHaveLength(2);
    },
    HALF_A_YEAR_OF_DAYS,
  );
});
