import { BRAND } from '@lender/contract/brand';
import { addDays, daysBetween, formatDisplayDate } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { activeLoan, dueDates, noticesOf, travelTo } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEFAULT_SUM_NOTICE } from './servicing-emails';

describe('the notice of default sums (s86E) and the default fee', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoan>>;
  let dates: string[];
  beforeAll(async () => {
    t = await createTestApp();
    loan = await activeLoan(t, CARDS.declinesCharges);
    dates = await dueDates(t, loan.applicationId);
    await travelTo(t, addDays(dates[0]!, 12));
  });
  afterAll(() => t.close());

  const ledger = () =>
    t.ctx.db
      .selectFrom('loan_transactions')
      .select(['type', 'amount_pence', 'on_date'])
      .where('application_id', '=', loan.applicationId)
      .orderBy('id')
      .execute();

  it('is given within 35 days of the fee (s86E(2)): the same day, once, and never repeated', async () => {
    const fee = (await ledger()).find((r) => r.type === 'default-fee')!;
    const notices = (await noticesOf(t, loan.applicationId)).filter((n) => n.kind === 's86e');
    expect(notices).toHaveLength(1);
    expect(daysBetween(fee.on_date, notices[0]!.on_date)).toBeLessThanOrEqual(35);
    expect(notices[0]!.on_date).toBe(fee.on_date);
  });

  it('carries each item of its prescribed content, in order', async () => {
    const fee = (await ledger()).find((r) => r.type === 'default-fee')!;
    const mail = (await messagesTo(t, loan.email)).find((m) =>
      /^Notice of default sums/.test(m.subject ?? ''),
    )!;
    const items = [
      // The heading and the Act it is given under.
      DEFAULT_SUM_NOTICE.heading,
      // A description of the agreement sufficient to identify it.
      `Agreement: your fixed-sum loan agreement ${loan.guid}, regulated by the Consumer Credit Act 1974.`,
      // The creditor's name and postal address.
      `Lender: ${BRAND.legalName}, trading as ${BRAND.name}, ${BRAND.registeredAddress}.`,
      // The date the default sum became payable, what gave rise to it and its amount.
      `On ${formatDisplayDate(fee.on_date)} you became liable to pay a default sum: a default fee of £15.00, because the repayment due on ${formatDisplayDate(dates[0]!)} has not been paid.`,
      // Whether interest is charged on it (never), and that it was not enforceable before the notice.
      DEFAULT_SUM_NOTICE.interest,
      DEFAULT_SUM_NOTICE.enforcement,
    ];
    let from = 0;
    for (const item of items) {
      const at = mail.text!.indexOf(item, from);
      expect(at, item).toBeGreaterThanOrEqual(from);
      from = at + item.length;
    }
  });

  it('never charges interest on the default fee (s86F, s86E(5)): the day’s interest is the same after it', async () => {
    const rows = await ledger();
    const fee = rows.find((r) => r.type === 'default-fee')!;
    const interestOn = (date: string) =>
      rows.filter((r) => r.type === 'interest' && r.on_date === date).reduce((s, r) => s + r.amount_pence, 0);
    // No payment moves the principal between these days: the interest is the principal's alone.
    expect(rows.filter((r) => r.type !== 'interest' && r.on_date > addDays(fee.on_date, -3))).toEqual([fee]);
    const before = interestOn(addDays(fee.on_date, -2));
    expect(before).toBeGreaterThan(0);
    for (const d of [1, 2, 3]) expect(interestOn(addDays(fee.on_date, d))).toBe(before);
  });
});
