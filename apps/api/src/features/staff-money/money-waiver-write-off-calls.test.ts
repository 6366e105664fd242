import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrearsPence, positionOf } from '../../entities/loans/ledger';
import { activeLoan, loanInArrears, statusOf } from '../../test/live-loan';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { moneyTest } from './money-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const { call, get, bookOf, positionNow } = moneyTest(() => t);

describe('Money: four eyes', () => {
  it('waives interest and fees no larger than outstanding, and the arrears fall by what was waived', async () => {
    const loan = await loanInArrears(t);
    const collections = await createStaffSession(t.ctx, 'collections');
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const before = await positionNow(loan.applicationId);
    const most = before.interestDuePence + before.feesDuePence;
    expect(most).toBeGreaterThan(0);
    const over = await call('ProposeWaiver', collections.cookie, {
      loanId: loan.applicationId,
      amountPence: most + 1,
      reason: 'Hardship',
    });
    expect(over.error.errorMessage).toContain('is more than the interest and fees outstanding');
    const made = await call('ProposeWaiver', collections.cookie, {
      loanId: loan.applicationId,
      amountPence: most,
      reason: 'Hardship',
    });
    const yesterday = addDays(t.ctx.businessDate.today(), -1);
    const arrearsBefore = arrearsPence((await bookOf(loan.applicationId)).terms, before, yesterday);
    const approved = await call('Approve', lead.cookie, { proposalId: made.object.proposalId });
    expect(approved.object.state).toBe('posted');
    const book = await bookOf(loan.applicationId);
    const after = positionOf(book.terms, book.rows);
    expect(after).toMatchObject({
      interestDuePence: 0,
      feesDuePence: 0,
      waivedPence: most,
      principalPence: before.principalPence,
    });
    expect(after.totalDuePence).toBe(before.totalDuePence - most);
    expect(arrearsPence(book.terms, after, yesterday)).toBe(Math.max(0, arrearsBefore - most));
    expect(book.rows.filter((r) => r.type === 'waiver').map((r) => r.amountPence)).toEqual([most]);
  });

  it('writes off no more than the balance; writing off all of it ends the loan', async () => {
    const loan = await activeLoan(t);
    const collections = await createStaffSession(t.ctx, 'collections');
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const owed = (await positionNow(loan.applicationId)).totalDuePence;
    const over = await call('ProposeWriteOff', collections.cookie, {
      loanId: loan.applicationId,
      amountPence: owed + 1,
      reason: 'Deceased, no estate',
    });
    expect(over.error.errorMessage).toContain('is more than the balance');
    const made = await call('ProposeWriteOff', collections.cookie, {
      loanId: loan.applicationId,
      amountPence: owed,
      reason: 'Deceased, no estate',
    });
    await call('Approve', lead.cookie, { proposalId: made.object.proposalId });
    const after = await positionNow(loan.applicationId);
    expect(after).toMatchObject({ totalDuePence: 0, writtenOffPence: owed, creditPence: 0 });
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.settled);
    const listed = (
      await get(`/api/staff/Money/LoanProposals?loanId=${loan.applicationId}`, collections.cookie)
    ).json();
    expect(listed.object.proposals).toMatchObject([
      { kind: 'write-off', state: 'posted', amountPence: owed },
    ]);
  });
});
