import { BRAND } from '@lender/contract/brand';
import { addDays } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../test/account-holder';
import { createSession } from '../../test/factories';
import {
  activeLoan,
  attemptsOf,
  decisionsOf,
  dueDates,
  myAccountGet,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cancelCpa = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/CancelCpa',
    headers: { authorization, 'content-type': 'application/json' },
    payload: '{}',
  });

const rowsOf = (applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['type', 'amount_pence', 'on_date'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

const cancellations = async (applicationId: number) =>
  (await decisionsOf(t, applicationId)).filter((d) => d.kind === 'cpa-cancelled');

const cancelledEmails = async (email: string) =>
  (await messagesTo(t, email)).filter((m) =>
    /cancelled your .* continuous payment authority/.test(m.subject ?? ''),
  );

describe('MyAccountArea/CancelCpa', () => {
  it('refuses a customer with no loan being repaid (errorID 240), and changes nothing', async () => {
    const stranger = await createSession(t.ctx);
    const res = await cancelCpa(stranger.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: Refusal.noLoanForCpa, object: null });
    expect(Refusal.noLoanForCpa.errorID).toBe(240);
  });

  describe('on a loan being repaid', () => {
    let loan: Awaited<ReturnType<typeof activeLoan>>;
    let other: Awaited<ReturnType<typeof activeLoan>>;
    let dates: string[];
    let cancelledAt: string;
    beforeAll(async () => {
      loan = await activeLoan(t);
      other = await activeLoan(t);
      dates = await dueDates(t, loan.applicationId);
    });

    it('cancels the authority: answers when, records the decision, tells the customer how to pay instead', async () => {
      const res = await cancelCpa(loan.authorization);
      expect(res.json().error).toEqual({ errorID: 0, errorMessage: '' });
      cancelledAt = res.json().object.cancelledAt;
      expect(cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

      const row = await t.ctx.db
        .selectFrom('loans')
        .select('cpa_cancelled_at')
        .where('application_id', '=', loan.applicationId)
        .executeTakeFirstOrThrow();
      expect(row.cpa_cancelled_at).not.toBeNull();
      const [decision, ...more] = await cancellations(loan.applicationId);
      expect(more).toEqual([]);
      expect(decision?.reason).toMatch(/cancelled by the customer online/);

      const [email] = await cancelledEmails(loan.email);
      expect(email?.text).toContain(
        'We will not take any payment from your card unless you make it yourself',
      );
      expect(email?.text).toContain(`sort code ${BRAND.repaymentAccount.sortCode}`);
      expect(email?.text).toContain(`account number ${BRAND.repaymentAccount.accountNumber}`);
      expect(email?.text).toContain(`reference ${loan.applicationId}`);
      expect(email?.text).toMatch(/The next is £[\d.]+ on \d{2}-\d{2}-\d{4}/);

      const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
      expect(schedule.cpaCancelled).toBe(true);
      const otherSchedule = (await myAccountGet(t, 'GetScheduleSummary', other.authorization)).json().object;
      expect(otherSchedule.cpaCancelled).toBe(false);
    });

    it('asked again, answers the same moment, and records and sends nothing more', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await cancelCpa(loan.authorization);
      expect(again.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: { cancelledAt } });
      expect(await cancellations(loan.applicationId)).toHaveLength(1);
      expect(await cancelledEmails(loan.email)).toHaveLength(1);
    });

    it('the close of business then takes nothing on the due date: the instalment stays due, arrears follow', async () => {
      await travelTo(t, addDays(dates[0]!, 2));
      // The other customer's loan, due the same day, is collected as usual.
      expect(await attemptsOf(t, other.applicationId)).toEqual([
        { seq: 1, attempt: 1, on_date: dates[0], outcome: 'approved' },
      ]);
      expect(await attemptsOf(t, loan.applicationId)).toEqual([]);
      const rows = await rowsOf(loan.applicationId);
      expect(rows.filter((r) => r.type === 'instalment' || r.type === 'card-payment')).toEqual([]);
      // Interest still accrues: the debt is owed as agreed, only the way of paying changed.
      expect(rows.filter((r) => r.type === 'interest').at(-1)?.on_date).toBe(addDays(dates[0]!, 1));

      const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
      expect(schedule.schedule[0]).toMatchObject({ paymentDate: dates[0], isPayed: false });
      expect(schedule.transactions.map((r: { transactionType: string }) => r.transactionType)).not.toContain(
        'Collection declined',
      );
      expect(await statusOf(t, loan.guid)).toBe(AppStatus.arrears);
      expect(await statusOf(t, other.guid)).toBe(AppStatus.active);
      expect((await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object).toBeGreaterThan(
        schedule.schedule[0].pmt,
      );
    });
  });
});
