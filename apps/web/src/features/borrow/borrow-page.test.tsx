import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getItem } from '../../lib/session';
import { signingTokenFor } from '../../lib/signing-link';
import {
  APP_GUID,
  createBorrowingSummary,
  createScheduleSummary,
  facts,
  NO_LOAN_STATE,
  FIGURES,
  PATH,
  renderBorrow,
  signIn,
  stubApi,
  tableRows,
  tearDownBorrowTests,
  where,
} from '../../testing/borrow';
import type { BorrowingSummary } from './get-borrowing-summary';

beforeEach(signIn);
afterEach(tearDownBorrowTests);

const SOB_URL = '/api/MyAccountArea/DownloadSOB?token=single-use';

/** The server: this summary, SobLink answering with a fresh link, and the loan's schedule (its help). */
const borrowApi = (summary: Partial<BorrowingSummary> = {}, more: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    [PATH.summary]: () => ({ object: createBorrowingSummary(summary) }),
    [PATH.sobLink]: () => ({ object: { url: SOB_URL } }),
    [PATH.schedule]: () => ({ object: createScheduleSummary() }),
    [PATH.withdrawal]: () => ({ object: { canWithdraw: false, withdrawBy: null, notice: null } }),
    ...more,
  });

const heading = () => screen.findByRole('heading', { level: 1, name: 'Application/Loan status' });
/** Waits for the summary to be in (the status panel is its first part). */
const loaded = () => screen.findByRole('heading', { level: 2, name: 'Your application or loan' });
const statusPanel = async () => (await loaded()).closest('section') as HTMLElement;

describe('Application/Loan status: the status', () => {
  it('is a link to the screen the status leads to, with its message', async () => {
    borrowApi({}, { [PATH.schedule]: () => ({ object: createScheduleSummary() }) });
    const user = renderBorrow('/borrow');
    expect(await heading()).toBeTruthy();
    const panel = await statusPanel();
    const link = within(panel).getByRole('link', { name: 'Loan active' });
    expect(link.getAttribute('href')).toBe('/borrow/schedule');
    expect(
      within(panel).getByText(
        'Your loan has been paid out. Your repayments will be collected from your card on the due dates.',
      ),
    ).toBeTruthy();
    expect(document.title).toBe('Application/Loan status | Kestrel Loans');
    await user.click(link);
    expect(where()).toBe('/borrow/schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'Repayment schedule' })).toBeTruthy();
  });

  it("says the status's words once: with a loan's state they are the banner's under the heading", async () => {
    const line =
      'You withdrew from your loan agreement on 20-11-2026. Please repay what you borrowed and its interest by 20-12-2026.';
    borrowApi(
      { loanStatus: 'Withdrawn: repayment due', loanStatusMessage: line },
      {
        '/api/MyAccountArea/GetLoanState': () => ({
          object: {
            ...NO_LOAN_STATE,
            state: 'withdrawing',
            statusName: 'Withdrawn: repayment due',
            statusLine: line,
            nextStep: { label: 'Make a payment', path: '/borrow/payment' },
          },
        }),
      },
    );
    renderBorrow('/borrow');
    const panel = await statusPanel();
    expect(within(panel).getByRole('link', { name: 'Withdrawn: repayment due' })).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByText(line)).toBeNull());
  });

  it('links an application in progress to its stage', async () => {
    borrowApi({ appStatusID: AppStatus.cardAccepted, loanStatus: 'Income and expenses needed' });
    renderBorrow('/borrow');
    const panel = await statusPanel();
    expect(within(panel).getByRole('link', { name: 'Income and expenses needed' }).getAttribute('href')).toBe(
      '/loan/stage3',
    );
  });

  it('is plain text when the status leads nowhere but home', async () => {
    borrowApi({
      appStatusID: AppStatus.settled,
      loanStatus: 'Repaid',
      loanStatusMessage: 'Your loan is repaid in full. Thank you.',
    });
    renderBorrow('/borrow');
    const panel = await statusPanel();
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(within(panel).getByText('Repaid').tagName).toBe('STRONG');
    expect(within(panel).getByText('Your loan is repaid in full. Thank you.')).toBeTruthy();
  });

  it.each([AppStatus.esignSent, AppStatus.offerSent])(
    'at status %i signs the person out and hands them over to e-sign',
    async (appStatusID) => {
      const api = borrowApi(
        {
          appStatusID,
          loanStatus: 'Ready to sign',
          loanStatusMessage: 'Your loan agreement is ready to sign.',
        },
        {
          [PATH.esignLink]: () => ({ object: { appGuid: APP_GUID, signingToken: 'S1' } }),
          [PATH.logout]: () => ({}),
        },
      );
      const user = renderBorrow('/borrow');
      const panel = await statusPanel();
      const link = within(panel).getByRole('link', { name: 'Ready to sign' });
      expect(link.getAttribute('href')).toBe(`/loan/stage5/${APP_GUID}`);
      await user.click(link);
      await waitFor(() => expect(where()).toBe(`/loan/stage5/${APP_GUID}`));
      expect(api.to(PATH.esignLink)).toHaveLength(1);
      expect(signingTokenFor(APP_GUID)).toBe('S1');
      // Signed out here and on the server.
      expect(getItem('token')).toBeNull();
      expect(getItem('refresh_token')).toBeNull();
      expect(api.to(PATH.logout).map((r) => r.body)).toEqual(['refresh']);
    },
  );

  it('goes to the error page when the summary is refused with an errorID', async () => {
    borrowApi({}, { [PATH.summary]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    renderBorrow('/borrow');
    await waitFor(() => expect(where()).toBe('/error'));
  });

  it('goes to the error page on an HTTP failure', async () => {
    borrowApi({}, { [PATH.summary]: () => ({ status: 500, errorID: ErrorId.generic }) });
    renderBorrow('/borrow');
    await waitFor(() => expect(where()).toBe('/error'));
  });
});

describe('Application/Loan status: Download Summary', () => {
  /** A tab as window.open returns it, recording where it is sent. */
  const fakeTab = () =>
    ({ opener: window, closed: false, location: { href: '' }, close: vi.fn() }) as unknown as Window & {
      close: ReturnType<typeof vi.fn>;
    };
  const absolute = (url: string) => new URL(url, window.location.href).href;

  it('is not offered before any loan has been paid out', async () => {
    borrowApi({ lastFundedAppID: -1, appStatusID: AppStatus.undewriting, sobRep3: [], sobRep4: [] });
    renderBorrow('/borrow');
    await loaded();
    expect(screen.queryByRole('button', { name: 'Download Summary' })).toBeNull();
  });

  it('asks SobLink for a link and opens it in the tab opened by the press', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const api = borrowApi();
    const user = renderBorrow('/borrow');
    await user.click(await screen.findByRole('button', { name: 'Download Summary' }));
    await waitFor(() => expect(tab.location.href).toBe(absolute(SOB_URL)));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.to(PATH.sobLink)).toEqual([{ path: PATH.sobLink, method: 'POST', body: undefined }]);
  });

  it('offers the link on the page when the browser refuses to open a tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    borrowApi();
    const user = renderBorrow('/borrow');
    await user.click(await screen.findByRole('button', { name: 'Download Summary' }));
    const link = await screen.findByRole('link', { name: 'open your summary' });
    expect(link.getAttribute('href')).toBe(absolute(SOB_URL));
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('closes the empty tab and says so when the link is refused', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab);
    borrowApi({}, { [PATH.sobLink]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    const user = renderBorrow('/borrow');
    await user.click(await screen.findByRole('button', { name: 'Download Summary' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Error Occured');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('never sends the tab to an address that is not a web page', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab);
    borrowApi({}, { [PATH.sobLink]: () => ({ object: { url: 'javascript:alert(1)' } }) });
    const user = renderBorrow('/borrow');
    await user.click(await screen.findByRole('button', { name: 'Download Summary' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not prepare your summary. Please try again.',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

describe('Application/Loan status: a repeat loan', () => {
  const box = () =>
    screen.getByRole('checkbox', {
      name: 'I confirm my circumstances have not changed since my last application',
    });
  const applyNow = () => screen.getByRole('button', { name: 'Apply Now' });

  it('is not offered while the last application has not ended', async () => {
    borrowApi({ canRepeat: false });
    renderBorrow('/borrow');
    await loaded();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('keeps Apply Now unavailable until the box is ticked, and says why when pressed', async () => {
    borrowApi({ canRepeat: true, appStatusID: AppStatus.settled, loanStatus: 'Repaid' });
    const user = renderBorrow('/borrow');
    await screen.findByRole('heading', { level: 2, name: 'Apply for a new loan' });
    // Not ticked for the customer (issue 45): they confirm it themselves.
    expect((box() as HTMLInputElement).checked).toBe(false);
    expect(applyNow().getAttribute('aria-disabled')).toBe('true');
    await user.click(applyNow());
    expect(where()).toBe('/borrow');
    expect(screen.getByText('Please tick the box first.')).toBeTruthy();
    expect(document.activeElement).toBe(box());
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });

  it('leads to borrow/apply once the box is ticked', async () => {
    borrowApi({ canRepeat: true, appStatusID: AppStatus.settled, loanStatus: 'Repaid' });
    const user = renderBorrow('/borrow');
    await screen.findByRole('heading', { level: 2, name: 'Apply for a new loan' });
    await user.click(box());
    expect(applyNow().getAttribute('aria-disabled')).toBeNull();
    await user.click(applyNow());
    expect(where()).toBe('/borrow/apply');
  });
});

describe('Application/Loan status: the borrowing summary', () => {
  it('shows the last 12 months as a list of figures', async () => {
    borrowApi();
    renderBorrow('/borrow');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Your borrowing in the last 12 months' })
    ).closest('section') as HTMLElement;
    expect(facts(section)).toEqual([
      ['Loans', '2'],
      ['Borrowed', '£1,300.00'],
      // The cost charged so far beside the agreements' interest, never 'Total cost' (issue 45).
      ['Interest in your agreement', '£652.47'],
      ['Interest charged so far', '£640.10'],
      ['Default interest so far', '£0.00'],
      ['Fees charged so far', '£15.00'],
      ['Cost charged so far', '£655.10'],
    ]);
  });

  it('shows the most recent loan', async () => {
    borrowApi();
    renderBorrow('/borrow');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Your most recent loan' })).closest(
      'section',
    ) as HTMLElement;
    expect(facts(section)).toEqual([
      ['Paid out on', '16-10-2026'],
      ['Type of loan', 'Instalment loan'],
      ['Amount borrowed', '£1,000.00'],
      ['Number of instalments', '3'],
      ['Length of loan', '90 days'],
      ['Interest in your agreement', '£501.90'],
      ['Interest charged so far', '£167.30'],
      ['Default interest so far', '£0.00'],
      ['Fees charged so far', '£0.00'],
      ['Cost charged so far', '£167.30'],
      ['To clear your loan today', '£1,234.56'],
    ]);
  });

  it('lists the payments due and the payments made, dates as dd-MM-yyyy', async () => {
    borrowApi();
    renderBorrow('/borrow');
    const due = await screen.findByRole('table', { name: 'Payments due' });
    expect(tableRows(due)).toEqual([
      ['Date', 'Description', 'Amount'],
      ['15-12-2026', 'Instalment 2 of 3', '£150.19'],
      ['15-01-2027', 'Instalment 3 of 3', '£150.19'],
    ]);
    expect(
      within(due)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['15-12-2026', '15-01-2027']);
    expect(tableRows(screen.getByRole('table', { name: 'Payments made' }))).toEqual([
      ['Date', 'Description', 'Amount'],
      ['15-11-2026', 'Card payment', '£150.19'],
    ]);
  });

  it('says so plainly when there is nothing to show', async () => {
    borrowApi({ sobRep1: [], sobRep2: [], sobRep3: [], sobRep4: [], lastFundedAppID: -1 });
    renderBorrow('/borrow');
    await loaded();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No payments due')).toBeTruthy();
    expect(screen.getByText('No payments made yet')).toBeTruthy();
    expect(screen.getByText('You have not borrowed from us in the last 12 months.')).toBeTruthy();
    expect(screen.getByText('You have no loans with us yet.')).toBeTruthy();
  });
});

describe('Application/Loan status: the next payment (issue 45)', () => {
  const section = async () =>
    (await screen.findByRole('heading', { level: 2, name: 'Your next payment' })).closest('section')!;

  it('names the next payment, amount and date, and offers Make a payment', async () => {
    borrowApi();
    const user = renderBorrow('/borrow');
    const next = await section();
    // The server's figures under their names (issue 45), never the rows summed in the browser.
    expect(facts(next)).toEqual([
      ['Next payment', '£150.19 on 15-12-2026'],
      ['To clear your loan today', '£290.12'],
      ['Left to pay on your plan', '£300.38'],
    ]);
    const pay = within(next).getByRole('link', { name: 'Make a payment' });
    expect(pay.className).toBe('button');
    await user.click(pay);
    expect(where()).toBe('/borrow/payment');
  });

  it("says when no further payment is planned, from the server's figures", async () => {
    borrowApi({ figures: { ...FIGURES, nextPayment: null, toClearToday: 10, leftOnPlan: 10 } });
    renderBorrow('/borrow');
    const next = await section();
    expect(within(next).getByText('No further payments are planned.')).toBeTruthy();
    expect(facts(next)).toEqual([
      ['To clear your loan today', '£10.00'],
      ['Left to pay on your plan', '£10.00'],
    ]);
  });

  it('with a blocked card, says so with the link to add a card, and still offers a payment', async () => {
    borrowApi({}, { [PATH.schedule]: () => ({ object: createScheduleSummary({ blocked: true }) }) });
    renderBorrow('/borrow');
    const next = await section();
    expect(within(next).getByRole('link', { name: 'Make a payment' }).getAttribute('href')).toBe(
      '/borrow/payment',
    );
    expect(
      within(next).getByRole('link', { name: 'Press here to add a new Card' }).getAttribute('href'),
    ).toBe('/borrow/update-card');
  });

  it('is not shown for an application not paid out', async () => {
    borrowApi({ appStatusID: AppStatus.cardAccepted, loanStatus: 'Income and expenses needed' });
    renderBorrow('/borrow');
    await loaded();
    expect(screen.queryByRole('heading', { name: 'Your next payment' })).toBeNull();
  });
});
