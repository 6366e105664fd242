import { ErrorId } from '@lender/contract/error-ids';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createScheduleSummary,
  facts,
  FIGURES,
  NO_LOAN_STATE,
  PATH,
  renderBorrow,
  signIn,
  stubApi,
  tableRows,
  tearDownBorrowTests,
  where,
} from '../../testing/borrow';
import type { ScheduleSummary } from './get-schedule-summary';
import { NO_AGREEMENT } from './retrieve-contract';
import { scheduleNotice } from './schedule-notice';

beforeEach(signIn);
afterEach(tearDownBorrowTests);

const scheduleApi = (schedule: Partial<ScheduleSummary> = {}) =>
  stubApi({ [PATH.schedule]: () => ({ object: createScheduleSummary(schedule) }) });

/** Waits for the schedule to be in (its last section is the transactions, a table or a sentence). */
const loaded = () => screen.findByRole('heading', { level: 2, name: 'Transactions' });
const transactions = () => screen.getByRole('table', { name: 'Transactions' });
const payButton = () => screen.getByRole('button', { name: 'Make a payment' });
const rescheduleButton = () => screen.getByRole('button', { name: 'Re schedule' });

describe('Repayment schedule', () => {
  it('shows the loan at a glance', async () => {
    scheduleApi();
    renderBorrow('/borrow/schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'Repayment schedule' })).toBeTruthy();
    await loaded();
    const [glance, figures] = document.querySelectorAll('.borrow-facts');
    expect(facts(glance!)).toEqual([
      ['Status', 'Loan active'],
      ['Amount approved', '£300.00'],
      ['Paid out on', '16-10-2026'],
    ]);
    // The server's figures under their names (issue 45), where 'Total due' said only the first.
    expect(facts(figures!)).toEqual([
      ['Next payment', '£150.19 on 15-12-2026'],
      ['To clear your loan today', '£290.12'],
      ['Left to pay on your plan', '£300.38'],
    ]);
    expect(document.title).toBe('Repayment schedule | Kestrel Loans');
    // The statement of account on request (Consumer Credit Act s77B, issue 46 item 9).
    expect(screen.getByRole('button', { name: 'Download statement of account' })).toBeTruthy();
  });

  it('names what is overdue, fees included, from the server', async () => {
    scheduleApi({ figures: { ...FIGURES, overdueNow: 165.19 } });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(facts(document.querySelectorAll('.borrow-facts')[1]!)).toContainEqual(['Overdue now', '£165.19']);
  });

  it('names no figures for a repaid loan', async () => {
    scheduleApi({ figures: null, settledDate: '2026-12-01' });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.queryByText('To clear your loan today')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download statement of account' })).toBeNull();
  });

  it('lists the pay plan, each instalment Paid or Due', async () => {
    scheduleApi();
    renderBorrow('/borrow/schedule');
    const plan = await screen.findByRole('table', { name: 'Payment plan' });
    expect(tableRows(plan)).toEqual([
      ['Due date', 'Principal', 'Interest', 'Payment', 'Status'],
      ['16-11-2026', '£100.00', '£50.19', '£150.19', 'Paid'],
      ['16-12-2026', '£100.00', '£50.19', '£150.19', 'Due'],
    ]);
  });

  it('lists the transactions, leaving a zero credit or debit blank', async () => {
    scheduleApi();
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(tableRows(transactions())).toEqual([
      ['Date', 'Type', 'Paid', 'Added to balance'],
      ['16-10-2026', 'Loan paid out', '', '£300.00'],
      ['16-11-2026', 'Card payment', '£150.19', ''],
    ]);
  });

  it('goes to the payment wizard, or to its reschedule step', async () => {
    scheduleApi();
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.queryByText(/Your Card on the system is not active/)).toBeNull();
    await user.click(payButton());
    expect(where()).toBe('/borrow/payment');
  });

  it('starts the wizard at the reschedule step from Re schedule', async () => {
    scheduleApi();
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    await user.click(rescheduleButton());
    expect(where()).toBe('/borrow/payment?reschedule=true');
  });

  it('after notice of withdrawal, keeps paying and disables a new plan, saying why (issue 45 item 11)', async () => {
    stubApi({
      [PATH.schedule]: () => ({ object: createScheduleSummary() }),
      '/api/MyAccountArea/GetLoanState': () => ({
        object: { ...NO_LOAN_STATE, state: 'withdrawing', mayPay: true, mayReschedule: false },
      }),
    });
    renderBorrow('/borrow/schedule');
    await loaded();
    await waitFor(() => expect(rescheduleButton()).toHaveProperty('disabled', true));
    expect(rescheduleButton().getAttribute('aria-describedby')).toBeTruthy();
    const why = document.getElementById(rescheduleButton().getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe(
      'You have withdrawn from this agreement, so it is repaid in one payment: it cannot have a new plan.',
    );
    expect(payButton()).toHaveProperty('disabled', false);
  });

  it('says the card is not active and links to a new card when blocked; paying and a new plan stay open', async () => {
    scheduleApi({ blocked: true });
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    const notice = screen.getByText(/^Your Card on the system is not active\./);
    expect(notice.textContent).toBe('Your Card on the system is not active. Press here to add a new Card');
    const link = within(notice).getByRole('link', { name: 'Press here to add a new Card' });
    expect(link.getAttribute('href')).toBe('/borrow/update-card');
    // Issue 45: a payment is always possible (once, without a new authority); issue 46 item 7: so is a
    // plan, paid by other means, with no card.
    expect(payButton()).toHaveProperty('disabled', false);
    expect(rescheduleButton()).toHaveProperty('disabled', false);
    expect(rescheduleButton().getAttribute('aria-describedby')).toBe(notice.id);
    await user.click(link);
    expect(where()).toBe('/borrow/update-card');
  });

  it.each([
    ['not paid out', { fundedDate: null, schedule: [], transactions: [] }],
    ['repaid', { settledDate: '2027-01-16' }],
  ])('has no payments for a loan %s', async (_, schedule) => {
    scheduleApi(schedule);
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.getByText('No payments for this application')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make a payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re schedule' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Paying by bank transfer' })).toBeNull();
  });

  it('says how to reach the priority line when there is no pay plan', async () => {
    scheduleApi({ schedule: [] });
    renderBorrow('/borrow/schedule');
    await loaded();
    expect(screen.queryByRole('table', { name: 'Payment plan' })).toBeNull();
    const message = screen.getByText(
      'There is no active pay plan, please contact our dedicated priority line',
    );
    const line = within(message.parentElement as HTMLElement).getByRole('link', { name: '020 7946 0456' });
    expect(line.getAttribute('href')).toBe('tel:+442079460456');
  });

  it("Retrieve contract saves this loan's signed agreement, not another's (issue 45)", async () => {
    const agreement = (documentSourceID: number, applicationID: number) => ({
      documentSourceID,
      kind: 'agreement',
      title: `Loan agreement ${applicationID}`,
      category: 'Loan agreement',
      documentCategoryID: null,
      applicationID,
      date: '2026-10-16',
      contentType: 'application/pdf',
      canDelete: false,
    });
    const { appID } = createScheduleSummary();
    stubApi({
      [PATH.schedule]: () => ({ object: createScheduleSummary() }),
      '/api/Document/GetDocuments': () => ({
        object: { documents: [agreement(7, appID + 1), agreement(8, appID)], uploadsLeft: 20 },
      }),
      '/api/Document/GetDownloadLink': () => ({ object: { documentGuid: 'guid-8' } }),
    });
    const answered = fetch;
    const urls: string[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      urls.push(url);
      return answered(url, init);
    });
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.getAttribute('href') ?? '');
    });
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Retrieve contract' }));
    await waitFor(() => expect(opened).toEqual(['/api/Document/DownloadDocument?documentGuid=guid-8']));
    expect(urls.filter((u) => u.includes('GetDownloadLink'))).toEqual([
      expect.stringMatching(/\?documentSourceID=8$/),
    ]);
  });

  it('Retrieve contract says so when the loan has no agreement to give', async () => {
    stubApi({
      [PATH.schedule]: () => ({ object: createScheduleSummary() }),
      '/api/Document/GetDocuments': () => ({ object: { documents: [], uploadsLeft: 20 } }),
    });
    const user = renderBorrow('/borrow/schedule');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Retrieve contract' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_AGREEMENT);
  });

  it('shows the bank-transfer details with the loan number as the reference', async () => {
    scheduleApi();
    renderBorrow('/borrow/schedule');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Paying by bank transfer' })
    ).closest('section') as HTMLElement;
    expect(facts(section).map(([term]) => term)).toEqual([
      'Bank',
      'Account name',
      'Sort code',
      'Account number',
      'Reference',
    ]);
    expect(facts(section).at(-1)).toEqual(['Reference', '41']);
  });

  it('shows a refused read as its message in plain text', async () => {
    stubApi({ [PATH.schedule]: () => ({ errorID: ErrorId.generic, errorMessage: 'No application found' }) });
    renderBorrow('/borrow/schedule');
    const message = await screen.findByText('No application found');
    expect(message.tagName).toBe('P');
    expect(message.getAttribute('role')).toBeNull();
    expect(where()).toBe('/borrow/schedule');
  });

  it('shows the success a page came back with', async () => {
    scheduleApi();
    renderBorrow({
      pathname: '/borrow/schedule',
      state: scheduleNotice('Payment has been successfully proccessed'),
    });
    await loaded();
    expect(screen.getByRole('status').textContent).toBe('Payment has been successfully proccessed');
  });

  it('shows a second line under the success when the page sent one', async () => {
    scheduleApi();
    renderBorrow({
      pathname: '/borrow/schedule',
      state: scheduleNotice(
        'Card has been added successfully',
        'Your next repayment of £150.19 will be collected from this card on 16-12-2026.',
      ),
    });
    await loaded();
    const lines = [...screen.getByRole('status').querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Card has been added successfully',
      'Your next repayment of £150.19 will be collected from this card on 16-12-2026.',
    ]);
  });
});
