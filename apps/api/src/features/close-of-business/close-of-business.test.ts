import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { CARDS } from '../../sandbox/card-provider/test-support';
import {
  activeLoan,
  dueDates,
  ledger,
  myAccountGet,
  type signedApplicant,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { attemptsOf } from './close-of-business-test-support';

/** A test app with one signed loan, paid out and active (on the card given, else a good one), and its due dates. */
async function appWithActiveLoan(cardNumber?: string) {
  const t = await createTestApp();
  const loan = await activeLoan(t, cardNumber);
  return { t, loan, dates: await dueDates(t, loan.applicationId) };
}

describe('the close of business, for a loan paid on time', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof signedApplicant>>;
  let dates: string[];
  beforeAll(async () => {
    ({ t, loan, dates } = await appWithActiveLoan());
  });
  afterAll(() => t.close());

  it('accrues each closed day and collects the first instalment on its due date, by CPA, once', async () => {
    const days = await travelTo(t, addDays(dates[0]!, 1));
    expect(days.at(-1)).toMatchObject({ date: dates[0], collected: 1, declined: 0 });
    const attempts = await attemptsOf(t, loan.applicationId);
    expect(attempts).toEqual([
      expect.objectContaining({ seq: 1, attempt: 1, on_date: dates[0], outcome: 'approved' }),
    ]);
    const instalments = await t.ctx.db
      .selectFrom('loan_instalments')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .orderBy('seq')
      .execute();
    const rows = await ledger(t, loan.applicationId);
    const collected = rows.filter((r) => r.type === 'instalment');
    expect(collected).toEqual([
      { type: 'instalment', amount_pence: instalments[0]!.payment_pence, on_date: dates[0] },
    ]);
    // The period's interest, day by day, is exactly the signed schedule's.
    const interest = rows.filter((r) => r.type === 'interest').reduce((sum, r) => sum + r.amount_pence, 0);
    expect(interest).toBe(instalments[0]!.interest_pence);

    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.schedule.map((r: { isPayed: boolean }) => r.isPayed)).toEqual([true, false, false]);
    expect(schedule.transactions.map((r: { transactionType: string }) => r.transactionType)).toEqual(
      expect.arrayContaining(['Loan paid out', 'Instalment collected (CPA)']),
    );
  });

  it('closes a closed day never again: a second run changes nothing', async () => {
    const before = await ledger(t, loan.applicationId);
    expect(await t.app.servicing.closeOfBusiness.closeThrough(dates[0])).toEqual([]);
    expect(await ledger(t, loan.applicationId)).toEqual(before);
    await expect(t.app.servicing.closeOfBusiness.closeThrough(addDays(dates[0]!, 5))).rejects.toThrow(
      /business date is/,
    );
  });

  it('GetTotalDue is principal outstanding, the interest of every closed day and unpaid fees', async () => {
    const totalDue = (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object;
    const rows = await ledger(t, loan.applicationId);
    const owed = rows.reduce(
      (sum, r) => sum + (r.type === 'instalment' ? -r.amount_pence : r.amount_pence),
      0,
    );
    expect(totalDue).toBe(owed / 100);
    expect(totalDue).toBeGreaterThan(0);
  });

  it('collects every instalment and settles the loan, which then accrues nothing', async () => {
    await travelTo(t, addDays(dates.at(-1)!, 3));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.settled);
    const instalments = await t.ctx.db
      .selectFrom('loan_instalments')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .orderBy('seq')
      .execute();
    const rows = await ledger(t, loan.applicationId);
    expect(rows.filter((r) => r.type === 'instalment').map((r) => r.amount_pence)).toEqual(
      instalments.map((i) => i.payment_pence),
    );
    expect(rows.filter((r) => r.type === 'interest').every((r) => r.on_date <= dates.at(-1)!)).toBe(true);
    expect((await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object).toBe(0);
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    expect(summary).toMatchObject({
      appStatusID: AppStatus.settled,
      loanStatus: 'Repaid',
      canRepeat: true,
      lastFundedAppID: loan.applicationId,
    });
  });
});

describe('the close of business, for a card that declines collections (4000 0000 0000 0341)', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof signedApplicant>>;
  let dates: string[];
  beforeAll(async () => {
    ({ t, loan, dates } = await appWithActiveLoan(CARDS.declinesCharges));
  });
  afterAll(() => t.close());

  it('tries twice, on the due date and the day after, then blocks the loan and e-mails the customer', async () => {
    await travelTo(t, addDays(dates[0]!, 1));
    expect(await attemptsOf(t, loan.applicationId)).toEqual([
      expect.objectContaining({ seq: 1, attempt: 1, on_date: dates[0], outcome: 'declined', z2: '51' }),
    ]);
    let schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.blocked).toBe(false);

    await travelTo(t, addDays(dates[0]!, 2));
    expect((await attemptsOf(t, loan.applicationId)).map((a) => [a.attempt, a.on_date, a.outcome])).toEqual([
      [1, dates[0], 'declined'],
      [2, addDays(dates[0]!, 1), 'declined'],
    ]);
    schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.blocked).toBe(true);
    expect(
      schedule.transactions.filter(
        (r: { transactionType: string }) => r.transactionType === 'Collection declined',
      ),
    ).toHaveLength(2);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
    const mail = (await messagesTo(t, loan.email)).at(-1)!;
    expect(mail.subject).toMatch(/could not collect/);
    expect(mail.text).toContain('your bank declined the payment');
  });

  it('makes no third attempt, and charges the one default fee after 7 days', async () => {
    await travelTo(t, addDays(dates[0]!, 10));
    expect(await attemptsOf(t, loan.applicationId)).toHaveLength(2);
    const fees = (await ledger(t, loan.applicationId)).filter((r) => r.type === 'default-fee');
    expect(fees).toEqual([{ type: 'default-fee', amount_pence: 1500, on_date: addDays(dates[0]!, 7) }]);
  });

  it('tells the customer of the fee the day it is charged: one s86E notice of default sums', async () => {
    const charged = addDays(dates[0]!, 7);
    const notices = await t.ctx.db
      .selectFrom('loan_notices')
      .select(['kind', 'on_date'])
      .where('application_id', '=', loan.applicationId)
      .where('kind', '=', 's86e')
      .execute();
    expect(notices).toEqual([{ kind: 's86e', on_date: charged }]);
    const mails = (await messagesTo(t, loan.email)).filter((m) =>
      /^Notice of default sums/.test(m.subject ?? ''),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'Notice of default sums under section 86E of the Consumer Credit Act 1974',
    );
    expect(mails[0]!.text).toContain(
      `On ${formatDisplayDate(charged)} you became liable to pay a default sum: a default fee of £15.00, ` +
        `because the repayment due on ${formatDisplayDate(dates[0]!)} has not been paid.`,
    );
  });
});

describe('the close of business, for a card that has expired since the check', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof signedApplicant>>;
  beforeAll(async () => {
    ({ t, loan } = await appWithActiveLoan());
    // The card provider now holds the card as expired last year (the bank replaced it meanwhile).
    const lastYear = Number(t.ctx.businessDate.today().slice(0, 4)) - 1;
    await t.ctx.db
      .updateTable('card_sandbox_transactions' as never)
      .set({ exp_year: lastYear } as never)
      .execute();
  });
  afterAll(() => t.close());

  it('tries once on the due date, finds the card expired (54) and blocks the loan at once', async () => {
    const [first] = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(first!, 3));
    expect((await attemptsOf(t, loan.applicationId)).map((a) => [a.attempt, a.outcome, a.z2])).toEqual([
      [1, 'declined', '54'],
    ]);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.blocked).toBe(true);
    expect((await messagesTo(t, loan.email)).at(-1)!.text).toContain('the card has expired');
  });
});

describe('the close of business, for a loan never paid (notices, default, pre-claim)', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof signedApplicant>>;
  let dates: string[];
  beforeAll(async () => {
    ({ t, loan, dates } = await appWithActiveLoan(CARDS.declinesCharges));
  });
  afterAll(() => t.close());

  const subjects = async () => (await messagesTo(t, loan.email)).map((m) => m.subject ?? '');
  const noticesOf = () =>
    t.ctx.db
      .selectFrom('loan_notices')
      .select(['kind', 'on_date'])
      .where('application_id', '=', loan.applicationId)
      .orderBy('id')
      .execute();

  it('sends the s87 default notice 28 days after the missed payment, with at least 14 days to pay', async () => {
    await travelTo(t, addDays(dates[0]!, 29));
    // The default fee's s86E notice (day 7) comes between the card's block and the default notice.
    expect((await noticesOf()).map((n) => n.kind)).toEqual(['card-blocked', 's86e', 's87']);
    const row = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(row.default_notice_on).toBe(addDays(dates[0]!, 28));
    expect(row.remedy_by).toBe(addDays(dates[0]!, 28 + 16));
    const notice = (await messagesTo(t, loan.email)).find((m) => m.subject?.startsWith('Default notice'))!;
    expect(notice.text).toContain('section 87(1) of the Consumer Credit Act 1974');
    // s88(4A): the FCA's default information sheet, not the arrears one (issue 46 item 3).
    expect(notice.text).toContain('https://www.fca.org.uk/firms/information-sheets-consumer-credit');
  });

  it('sends the s86B notice once two payments are missed, and defaults the loan once the remedy date passes', async () => {
    await travelTo(t, addDays(dates[1]!, 1));
    expect(await subjects()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Notice of sums in arrears/)]),
    );
    const s86b = (await noticesOf()).filter((n) => n.kind === 's86b');
    expect(s86b).toEqual([{ kind: 's86b', on_date: dates[1] }]);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
    // The remedy date is a day the customer may still pay on; the day after, the loan is in default.
    await travelTo(t, addDays(dates[0]!, 28 + 16 + 1));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
    await travelTo(t, addDays(dates[0]!, 28 + 16 + 2));
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.defaulted);
  });

  it('freezes interest in default and flags the account for the pre-claim process after 60 days', async () => {
    const row = await t.ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    const interestBefore = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('id')
      .where('application_id', '=', loan.applicationId)
      .where('type', '=', 'interest')
      .execute();
    await travelTo(t, addDays(row.defaulted_on!, 61));
    const interestAfter = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('id')
      .where('application_id', '=', loan.applicationId)
      .where('type', '=', 'interest')
      .execute();
    expect(interestAfter.length).toBe(interestBefore.length);
    const customer = await t.ctx.db
      .selectFrom('customers')
      .select('is_legal')
      .where('id', '=', loan.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.is_legal).toBe(1);
  });
});
