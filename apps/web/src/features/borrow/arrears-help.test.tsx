import { BRAND } from '@lender/contract/brand';
import { londonToday } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { screen, within } from '@testing-library/react';
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
import type { ScheduleSummary } from './get-schedule-summary';
import type { Withdrawal } from './get-withdrawal';

beforeEach(signIn);
afterEach(tearDownBorrowTests);

const NO_WITHDRAWAL: Withdrawal = { canWithdraw: false, withdrawBy: null, notice: null };

/** In arrears: the first instalment missed, as the server marks it on its business date. */
const MISSED: Partial<BorrowingSummary> = {
  loanStatus: 'Payment overdue',
  appStatusID: AppStatus.arrears,
  sobRep1: [
    { date: '2026-11-16', description: 'Instalment 1 of 3 (overdue)', amount: 150.19 },
    { date: '2026-12-16', description: 'Instalment 2 of 3 (overdue)', amount: 150.2 },
    { date: '2027-01-15', description: 'Instalment 3 of 3', amount: 150.19 },
  ],
  // The server's figures: the £15 default fee is overdue beside the two instalments (issue 45).
  figures: {
    toClearToday: 420.12,
    leftOnPlan: 465.58,
    nextPayment: { date: '2027-01-15', amount: 150.19 },
    overdueNow: 315.39,
  },
};
const FORBEARANCE: Partial<ScheduleSummary> = {
  planRules: {
    today: londonToday(),
    signedLastDate: '2027-01-15',
    dueDates: ['2027-01-15'],
    refinancesLeft: 2,
    forbearance: true,
  },
};

function borrowApi({
  summary = {},
  schedule = {},
  withdrawal = NO_WITHDRAWAL,
  scheduleFails = false,
}: {
  summary?: Partial<BorrowingSummary>;
  schedule?: Partial<ScheduleSummary>;
  withdrawal?: Withdrawal;
  scheduleFails?: boolean;
} = {}) {
  return stubApi({
    [PATH.summary]: () => ({ object: createBorrowingSummary(summary) }),
    [PATH.schedule]: () =>
      scheduleFails ? { status: 500, errorID: 100 } : { object: createScheduleSummary(schedule) },
    [PATH.withdrawal]: () => ({ object: withdrawal }),
  });
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Your application or loan' });
const helpSection = () => screen.findByRole('region', { name: 'You have a payment overdue' });
const option = (section: HTMLElement, name: string) =>
  within(section).getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('Application/Loan status: help in arrears (CONC 7.3)', () => {
  it('says what is overdue and since when, and offers each way forward', async () => {
    borrowApi({ summary: MISSED, schedule: FORBEARANCE });
    const user = renderBorrow('/borrow');
    const section = await helpSection();
    expect(facts(section.querySelector('.borrow-facts')!)).toEqual([
      // 'Overdue now' is the server's, fees included: not the overdue rows (£300.39) summed here.
      ['Overdue now', '£315.39'],
      ['Overdue since', '16-11-2026'],
    ]);
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Pay now',
      'A new payment plan',
      'Pay a smaller amount',
      'Talk to us',
      'Free, impartial debt advice',
    ]);

    // One primary action: paying now.
    const payNow = within(section).getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe('/borrow/payment');
    const primary = [...section.querySelectorAll('.button:not(.button--secondary)')];
    expect(primary.filter((b) => !b.closest('dialog'))).toEqual([payNow]);

    const plan = option(section, 'A new payment plan');
    expect(plan.textContent).toContain(
      'As you are behind with your payments, we add no interest or fees while you keep to the plan.',
    );
    expect(within(plan).getByRole('link', { name: 'Set up a payment plan' }).getAttribute('href')).toBe(
      '/borrow/payment?reschedule=true',
    );

    const smaller = option(section, 'Pay a smaller amount');
    expect(smaller.textContent).toContain('pay what you can afford, from £1.00');
    expect(within(smaller).getByRole('link', { name: 'Pay a smaller amount' }).getAttribute('href')).toBe(
      '/borrow/payment',
    );

    const talk = option(section, 'Talk to us');
    expect(within(talk).getByRole('link', { name: BRAND.supportPhone }).getAttribute('href')).toBe(
      'tel:+442079460123',
    );
    expect(within(talk).getByRole('link', { name: BRAND.supportEmail }).getAttribute('href')).toBe(
      `mailto:${BRAND.supportEmail}`,
    );

    const advice = option(section, 'Free, impartial debt advice');
    const links = within(advice).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['MoneyHelper', BRAND.moneyHelperUrl],
      ['0800 138 7777', 'tel:+448001387777'],
      ['StepChange', 'https://www.stepchange.org'],
      ['0800 138 1111', 'tel:+448001381111'],
      ['National Debtline', 'https://www.nationaldebtline.org'],
      ['0808 808 4000', 'tel:+448088084000'],
    ]);

    await user.click(within(section).getByRole('link', { name: 'Set up a payment plan' }));
    expect(where()).toBe('/borrow/payment?reschedule=true');
  });

  it('is there when the server says a plan would be forbearance, even with no instalment overdue (a fee)', async () => {
    borrowApi({ schedule: FORBEARANCE });
    renderBorrow('/borrow');
    const section = await helpSection();
    expect(section.querySelector('.borrow-facts')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Pay now' })).toBeTruthy();
  });

  it('on a blocked card offers paying once first (issue 45), then a plan paid by other means (issue 46), then a new card', async () => {
    borrowApi({ summary: MISSED, schedule: { ...FORBEARANCE, blocked: true } });
    renderBorrow('/borrow');
    const section = await helpSection();
    const pay = within(section).getByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe('/borrow/payment');
    expect(pay.classList.contains('button')).toBe(true);
    const addCard = within(section).getByRole('link', { name: 'Add a new card' });
    expect(addCard.getAttribute('href')).toBe('/borrow/update-card');
    expect(addCard.classList.contains('button')).toBe(false);
    expect(within(section).queryByRole('link', { name: 'Set up a payment plan' })).toBeNull();
    const plan = within(section).getByRole('link', { name: 'Set up a plan you pay yourself' });
    expect(plan.getAttribute('href')).toBe('/borrow/payment?reschedule=true');
    expect(option(section, 'A plan you pay yourself').textContent).toContain('up to 12 payments');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Pay now',
      'A plan you pay yourself',
      'Add a new card',
      'Talk to us',
      'Free, impartial debt advice',
    ]);
  });

  it('pauses payments for 30 days for a customer getting debt advice, asked first (issue 46 item 7)', async () => {
    const paused: unknown[] = [];
    let answer: () => object = () => ({ object: { pauseUntil: '2026-12-28' } });
    stubApi({
      [PATH.summary]: () => ({ object: createBorrowingSummary(MISSED) }),
      [PATH.schedule]: () => ({ object: createScheduleSummary(FORBEARANCE) }),
      [PATH.withdrawal]: () => ({ object: NO_WITHDRAWAL }),
      '/api/MyAccountArea/PauseForDebtAdvice': () => {
        paused.push(true);
        return answer();
      },
    });
    const user = renderBorrow('/borrow');
    const section = await helpSection();
    await user.click(within(section).getByRole('button', { name: 'Pause my payments for 30 days' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause your payments while you get debt advice?' });
    expect(dialog.textContent).toContain('nothing is collected from a card');
    await user.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(paused).toEqual([]);
    // Refused (the one online pause taken): the server's words, in the dialog, which stays open.
    answer = () => ({
      errorID: 251,
      errorMessage: 'You have already paused your payments online once for this loan.',
    });
    await user.click(within(section).getByRole('button', { name: 'Pause my payments for 30 days' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, pause them' }));
    expect(await within(screen.getByRole('dialog')).findByText(/already paused/)).toBeTruthy();
    expect(where()).toBe('/borrow');
    answer = () => ({ object: { pauseUntil: '2026-12-28' } });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, pause them' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Your payments are paused until 28-12-2026 while you get debt advice.'),
    );
    expect(where()).toBe('/borrow/schedule');
    expect(paused).toHaveLength(2);
  });

  it('offers no pause to a customer who is not behind', async () => {
    borrowApi();
    const user = renderBorrow('/borrow');
    await loaded();
    await user.click(screen.getByText('Struggling to pay?'));
    expect(screen.queryByRole('button', { name: 'Pause my payments for 30 days' })).toBeNull();
  });

  it('still helps from the rows when the schedule cannot be read, promising nothing about interest', async () => {
    borrowApi({ summary: MISSED, scheduleFails: true });
    renderBorrow('/borrow');
    const section = await helpSection();
    expect(option(section, 'A new payment plan').textContent).not.toContain('no interest');
    expect(where()).toBe('/borrow');
  });
});

describe('Application/Loan status: struggling to pay (not in arrears)', () => {
  it('is one calm line that opens the same help, without the arrears options', async () => {
    borrowApi();
    const user = renderBorrow('/borrow');
    const line = await screen.findByText('Struggling to pay?');
    expect(line.tagName).toBe('SUMMARY');
    const details = line.closest('details')!;
    expect(details.open).toBe(false);
    expect(screen.queryByRole('region', { name: 'You have a payment overdue' })).toBeNull();
    await user.click(line);
    expect(details.open).toBe(true);
    expect(
      within(details)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['A new payment plan', 'Talk to us', 'Free, impartial debt advice']);
    expect(details.querySelector('.button')).toBeNull();
    expect(within(details).getByRole('link', { name: 'MoneyHelper' }).getAttribute('href')).toBe(
      BRAND.moneyHelperUrl,
    );
    expect(option(details, 'A new payment plan').textContent).toContain(
      'A plan that ends after your last agreed payment date costs more interest',
    );
  });

  it('says nothing for a loan not being repaid', async () => {
    const api = borrowApi({ summary: { appStatusID: AppStatus.settled, sobRep1: [] } });
    renderBorrow('/borrow');
    await loaded();
    expect(screen.queryByText('Struggling to pay?')).toBeNull();
    // Asked with the summary, not after it (issue 50), and not used.
    expect(api.to(PATH.schedule)).toHaveLength(1);
  });

  it('says nothing for a loan withdrawn from: its section says what to repay, and no plan applies (s66A)', async () => {
    borrowApi({
      summary: MISSED,
      withdrawal: {
        canWithdraw: false,
        withdrawBy: '2026-10-30',
        notice: { noticeDate: '2026-10-20', amountToRepay: 309.6, repayBy: '2026-11-19' },
      },
    });
    renderBorrow('/borrow');
    expect(
      await screen.findByRole('heading', { name: 'You have withdrawn from this agreement' }),
    ).toBeTruthy();
    expect(screen.queryByText('Struggling to pay?')).toBeNull();
    expect(screen.queryByRole('region', { name: 'You have a payment overdue' })).toBeNull();
  });
});
