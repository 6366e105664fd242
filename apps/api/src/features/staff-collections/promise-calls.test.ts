import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInArrears, travelTo } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DAYS_OF_CLOSING, post } from './collections-test-support';

describe('Loans/RecordPromise: a promise to pay, decided at the close of business', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(
    'is kept when payments since it cover the amount by its due date, broken when they do not',
    async () => {
      const loan = await loanInArrears(t);
      const agent = await createStaffSession(t.ctx, 'agent');
      const today = t.ctx.businessDate.today();
      const promise = async (amount: string, dueDate: string) => {
        const res = await post(t, 'RecordPromise', agent.cookie, {
          loanId: loan.applicationId,
          amount,
          dueDate,
        });
        expect(res.json().error.errorID, res.body).toBe(0);
        return res.json().object as { promiseId: number; outcome: string | null };
      };
      const kept = await promise('10.00', addDays(today, 3));
      const broken = await promise('20.00', addDays(today, 2));
      expect(kept.outcome).toBeNull();
      // Too far ahead, in the past: refused, nothing recorded.
      for (const dueDate of [addDays(today, 31), addDays(today, -1)]) {
        const res = await post(t, 'RecordPromise', agent.cookie, {
          loanId: loan.applicationId,
          amount: '5',
          dueDate,
        });
        expect(res.json().error.errorID).toBe(ErrorId.conflict);
      }
      // £10 received by transfer today: it covers the first promise, not the second.
      const paid = await post(t, 'PostTransfer', agent.cookie, {
        loanId: loan.applicationId,
        amount: '10.00',
        valueDate: today,
        reference: 'PROMISE-PAY-1',
      });
      expect(paid.json().error.errorID, paid.body).toBe(0);
      await travelTo(t, addDays(today, 4));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/Loans/Promises?loanId=${loan.applicationId}`,
        headers: { cookie: agent.cookie },
      });
      expect(res.json().object.promises).toEqual([
        expect.objectContaining({ promiseId: kept.promiseId, outcome: 'kept', outcomeOn: today }),
        expect.objectContaining({
          promiseId: broken.promiseId,
          outcome: 'broken',
          outcomeOn: addDays(today, 2),
        }),
      ]);
      const audit = await t.ctx.db
        .selectFrom('audit_events')
        .select('actor')
        .where('action', '=', 'promise-recorded')
        .where('subject_id', '=', String(loan.applicationId))
        .execute();
      expect(audit).toEqual([{ actor: `staff:${agent.member.id}` }, { actor: `staff:${agent.member.id}` }]);
    },
    DAYS_OF_CLOSING,
  );
});
