import { AppStatus } from '@lender/contract/status';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createBorrowingSummary,
  createScheduleSummary,
  facts,
  PATH,
  renderBorrow,
  signIn,
  stubApi,
  tearDownBorrowTests,
  where,
} from '../../testing/borrow';
import type { BorrowingSummary } from './get-borrowing-summary';
import type { Withdrawal } from './get-withdrawal';

beforeEach(signIn);
afterEach(tearDownBorrowTests);

const OPEN: Withdrawal = { canWithdraw: true, withdrawBy: '2026-10-30', notice: null };
const GIVEN: Withdrawal = {
  canWithdraw: false,
  withdrawBy: '2026-10-30',
  notice: { noticeDate: '2026-10-20', amountToRepay: 309.6, repayBy: '2026-11-19' },
};

/** The server: the summary, and the withdrawal as it stands (given once Withdraw has been answered). */
function borrowApi(
  withdrawal: Withdrawal,
  { summary = {}, refuse = false }: { summary?: Partial<BorrowingSummary>; refuse?: boolean } = {},
) {
  let now = withdrawal;
  return stubApi({
    [PATH.summary]: () => ({ object: createBorrowingSummary(summary) }),
    [PATH.schedule]: () => ({ object: createScheduleSummary() }),
    [PATH.withdrawal]: () => ({ object: now }),
    [PATH.withdraw]: () => {
      if (refuse) {
        return {
          errorID: 250,
          errorMessage: 'The 14 days in which you could withdraw from this agreement have passed.',
        };
      }
      now = GIVEN;
      return { object: { amountToRepay: 309.6, repayBy: '2026-11-19' } };
    },
  });
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Your application or loan' });
const openButton = () => screen.findByRole('button', { name: 'Withdraw from this agreement' });
const dialog = () => screen.getByRole('dialog', { name: 'Withdraw from your loan agreement?' });

describe('Application/Loan status: withdrawal (s66A)', () => {
  it('within the 14 days offers to withdraw, with the last day, asking first', async () => {
    const api = borrowApi(OPEN);
    const user = renderBorrow('/borrow');
    await user.click(await openButton());
    const section = screen.getByRole('region', { name: 'Changed your mind?' });
    expect(section.textContent).toContain('You can withdraw from your loan agreement until 30-10-2026');
    expect(dialog().textContent).toContain('within 30 days');
    await user.click(within(dialog()).getByRole('button', { name: 'No, go back' }));
    expect(api.to(PATH.withdraw)).toEqual([]);
  });

  it('on Yes, shows what to repay and by when, with the way to pay it', async () => {
    const api = borrowApi(OPEN);
    const user = renderBorrow('/borrow');
    await user.click(await openButton());
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, withdraw' }));

    const notice = await screen.findByRole('region', { name: 'You have withdrawn from this agreement' });
    expect(facts(notice)).toEqual([
      ['Notice given on', '20-10-2026'],
      ['Amount to repay today', '£309.60'],
      ['Repay by', '19-11-2026'],
    ]);
    expect(notice.textContent).toContain('There is no other charge.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('button', { name: 'Withdraw from this agreement' })).toBeNull();
    expect(api.to(PATH.withdraw)).toHaveLength(1);

    await user.click(within(notice).getByRole('link', { name: 'Make the payment' }));
    expect(where()).toBe('/borrow/payment');
  });

  it("keeps the dialog open with the server's message when refused", async () => {
    borrowApi(OPEN, { refuse: true });
    const user = renderBorrow('/borrow');
    await user.click(await openButton());
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, withdraw' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The 14 days in which you could withdraw from this agreement have passed.',
    );
  });

  it('shows a notice already given, and offers nothing after the 14 days', async () => {
    borrowApi(GIVEN);
    renderBorrow('/borrow');
    expect(
      await screen.findByRole('region', { name: 'You have withdrawn from this agreement' }),
    ).toBeTruthy();
    tearDownBorrowTests();
    signIn();

    borrowApi({ canWithdraw: false, withdrawBy: '2026-10-30', notice: null });
    renderBorrow('/borrow');
    await loaded();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Changed your mind?' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Withdraw from this agreement' })).toBeNull();
  });

  it('offers nothing for a loan that is not being repaid, though asked with the summary (issue 50)', async () => {
    const api = borrowApi(OPEN, { summary: { appStatusID: AppStatus.settled, loanStatus: 'Repaid' } });
    renderBorrow('/borrow');
    await loaded();
    expect(api.to(PATH.withdrawal)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Withdraw from this agreement' })).toBeNull();
  });
});
