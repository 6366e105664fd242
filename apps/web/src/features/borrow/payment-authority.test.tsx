import { ErrorId } from '@lender/contract/error-ids';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createScheduleSummary,
  PATH,
  renderBorrow,
  signIn,
  stubApi,
  tearDownBorrowTests,
} from '../../testing/borrow';
import type { ScheduleSummary } from './get-schedule-summary';

beforeEach(signIn);
afterEach(tearDownBorrowTests);

/** The server: the schedule, with the authority cancelled once CancelCpa has been answered. */
function scheduleApi(schedule: Partial<ScheduleSummary> = {}, cancel: () => object = () => ({})) {
  let cancelled = schedule.cpaCancelled ?? false;
  return stubApi({
    [PATH.schedule]: () => ({ object: createScheduleSummary({ ...schedule, cpaCancelled: cancelled }) }),
    [PATH.cancelCpa]: () => {
      const reply = cancel();
      if (!('errorID' in reply)) cancelled = true;
      return { object: { cancelledAt: '2026-11-20T10:15:00' }, ...reply };
    },
  });
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Transactions' });
const openButton = () => screen.getByRole('button', { name: 'Cancel continuous payment authority' });
const dialog = () => screen.getByRole('dialog', { name: 'Cancel your continuous payment authority?' });

describe('Repayment schedule: the continuous payment authority', () => {
  it('says what it will collect next, and when; while the card is blocked, that it collects nothing (issue 45)', async () => {
    scheduleApi();
    renderBorrow('/borrow/schedule');
    await loaded();
    const section = () => screen.getByRole('region', { name: 'Continuous payment authority' });
    expect(section().textContent).toContain('Next collection: £150.19 on 16-12-2026.');
    tearDownBorrowTests();
    signIn();
    scheduleApi({
      blocked: true,
      nextInstalment: { date: '2026-11-16', amount: 150.19, collectOn: '2026-11-28' },
    });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(section().textContent).toContain(
      'Your card on the system is not active, so we collect nothing from it.',
    );
    expect(section().textContent).not.toContain('Next collection');
    // Issue 46 item 7: a plan paid by other means stands, the card unblocked or not: nothing is collected.
    tearDownBorrowTests();
    signIn();
    scheduleApi({ paidByOtherMeans: true });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(section().textContent).toContain(
      'Your payment plan is one you pay yourself: we collect nothing from a card while you keep to it.',
    );
    expect(section().textContent).not.toContain('Next collection');
  });

  it('says how collections work and that it can be cancelled; asking first, doing nothing on No', async () => {
    const api = scheduleApi();
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    const section = screen.getByRole('region', { name: 'Continuous payment authority' });
    expect(section.textContent).toContain('We collect each repayment from your debit card on its due date');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(openButton());
    expect(dialog().textContent).toContain('We will stop taking repayments from your card.');
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'No, keep it' }));
    await user.click(within(dialog()).getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openButton());
    expect(api.to(PATH.cancelCpa)).toEqual([]);
  });

  it('cancels on Yes: collections have stopped, and it says how to pay instead, with the bank transfer block', async () => {
    const api = scheduleApi();
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    await user.click(openButton());
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel it' }));

    const notice = await screen.findByRole('region', { name: 'Collections from your card have stopped' });
    expect(notice.textContent).toContain(
      'we will not take any payment from your card unless you make it yourself',
    );
    expect(notice.textContent).toContain('by bank transfer to the account under ‘Paying by bank transfer’');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('button', { name: 'Cancel continuous payment authority' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Paying by bank transfer' })).toBeTruthy();
    // Paying by card stays open: only the authority to take payments is gone.
    expect((screen.getByRole('button', { name: 'Make a payment' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(api.to(PATH.cancelCpa)).toHaveLength(1);
    expect(api.to(PATH.schedule).length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the dialog open with the server's message when the cancellation is refused", async () => {
    scheduleApi({}, () => ({
      errorID: ErrorId.dayClosing,
      errorMessage: 'We are updating today’s balances. Please try again in a few minutes.',
    }));
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    await user.click(openButton());
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'We are updating today’s balances. Please try again in a few minutes.',
    );
    expect(screen.queryByRole('region', { name: 'Collections from your card have stopped' })).toBeNull();
  });

  it('shows the notice, not the action, for an authority already cancelled', async () => {
    scheduleApi({ cpaCancelled: true });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.getByRole('region', { name: 'Collections from your card have stopped' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel continuous payment authority' })).toBeNull();
  });

  it('offers nothing for a loan repaid', async () => {
    scheduleApi({ settledDate: '2026-12-01' });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.queryByRole('button', { name: 'Cancel continuous payment authority' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Collections from your card have stopped' })).toBeNull();
  });
});
