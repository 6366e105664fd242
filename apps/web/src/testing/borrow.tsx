import { londonToday } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import { answerPaths } from './answer-paths';
import { queryClient } from '../lib/query';
import { RouterNavigator, Where } from './where';
export { signIn, where } from './where';
import { Component as BorrowPage } from '../features/borrow/borrow-page';
import type { BorrowingSummary } from '../features/borrow/get-borrowing-summary';
import type { ScheduleSummary } from '../features/borrow/get-schedule-summary';
import { Component as SchedulePage } from '../features/borrow/schedule-page';

export const PATH = {
  summary: '/api/MyAccountArea/GetBorrowingSummary',
  schedule: '/api/MyAccountArea/GetScheduleSummary',
  sobLink: '/api/MyAccountArea/SobLink',
  cancelCpa: '/api/MyAccountArea/CancelCpa',
  withdrawal: '/api/MyAccountArea/GetWithdrawal',
  withdraw: '/api/MyAccountArea/Withdraw',
  esignLink: '/api/Register/EsignLink',
  logout: '/api/Account/Logout',
  refresh: '/api/Account/RefreshToken',
};

export const APP_GUID = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';

/** A customer with one loan paid out and being repaid: every table of the status page has rows. */
/** The server's named figures of the loan below (issue 45): one instalment due next, nothing overdue. */
export const FIGURES = {
  toClearToday: 290.12,
  leftOnPlan: 300.38,
  nextPayment: { date: '2026-12-15', amount: 150.19 },
  overdueNow: 0,
};

export function createBorrowingSummary(overrides: Partial<BorrowingSummary> = {}): BorrowingSummary {
  return {
    loanStatus: 'Loan active',
    loanStatusMessage:
      'Your loan has been paid out. Your repayments will be collected from your card on the due dates.',
    appStatusID: AppStatus.active,
    appGuid: APP_GUID,
    lastFundedAppID: 41,
    canRepeat: false,
    sobRep1: [
      { date: '2026-12-15', description: 'Instalment 2 of 3', amount: 150.19 },
      { date: '2027-01-15', description: 'Instalment 3 of 3', amount: 150.19 },
    ],
    sobRep2: [{ date: '2026-11-15T09:30:00', description: 'Card payment', amount: 150.19 }],
    sobRep3: [
      {
        cnt: 2,
        amount: 1300,
        contractInterest: 652.47,
        actualInterest: 640.1,
        defaultInterest: 0,
        charge: 15,
        borrowingCost: 655.1,
      },
    ],
    sobRep4: [
      {
        appID: 41,
        fundedDate: '2026-10-16',
        approvedPeriod: 3,
        days: 90,
        loanType: 'Instalment loan',
        amount: 1000,
        contractInterest: 501.9,
        actualInterest: 167.3,
        defaultInterest: 0,
        charge: 0,
        borrowingCost: 167.3,
        totalDue: 1234.56,
      },
    ],
    figures: FIGURES,
    ...overrides,
  };
}

/** A loan paid out and being repaid by card: one instalment paid, two due. */
export function createScheduleSummary(overrides: Partial<ScheduleSummary> = {}): ScheduleSummary {
  return {
    settledDate: null,
    fundedDate: '2026-10-16',
    approvedDate: '2026-10-16',
    approvedAmount: 300,
    appID: 41,
    totalDue: 300.38,
    appStatus: 'Loan active',
    blocked: false,
    figures: FIGURES,
    cardLast4: '4242',
    cpaCancelled: false,
    paidByOtherMeans: false,
    planRules: {
      today: londonToday(),
      signedLastDate: '2026-12-16',
      dueDates: ['2026-12-16'],
      refinancesLeft: 2,
      forbearance: false,
    },
    nextInstalment: { date: '2026-12-16', amount: 150.19, collectOn: '2026-12-16' },
    schedule: [
      { paymentDate: '2026-11-16', principal: 100, interest: 50.19, pmt: 150.19, isPayed: true },
      { paymentDate: '2026-12-16', principal: 100, interest: 50.19, pmt: 150.19, isPayed: false },
    ],
    transactions: [
      {
        createDate: '2026-10-16T10:00:00',
        transactionType: 'Loan paid out',
        creditAmount: 0,
        debitAmount: 300,
      },
      {
        createDate: '2026-11-16T06:10:00',
        transactionType: 'Card payment',
        creditAmount: 150.19,
        debitAmount: 0,
      },
    ],
    ...overrides,
  };
}

/** GetLoanState without a loan paid out: the borrow page then says its status's words itself. */
export const NO_LOAN_STATE = {
  state: 'none',
  statusName: '',
  statusLine: '',
  nextStep: null,
  letter: null,
  mayPay: false,
  mayReschedule: false,
  figure: null,
};

/**
 * The server at the network boundary (testing/answer-paths.ts): each path's envelope; every request as
 * sent. The loan state, read by the borrow page beside its summary, is none unless a test answers it.
 */
export const stubApi = (handlers: Parameters<typeof answerPaths>[0]) =>
  answerPaths({ '/api/MyAccountArea/GetLoanState': () => ({ object: NO_LOAN_STATE }), ...handlers });
export type { Reply, SentRequest } from './answer-paths';

/** The two borrow pages as app/routes.tsx has them, starting at `entry`; anywhere else renders nothing. */
export function renderBorrow(entry: InitialEntry) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <RouterNavigator />
      <Routes>
        <Route path="/borrow" element={<BorrowPage />} />
        <Route path="/borrow/schedule" element={<SchedulePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}

export function tearDownBorrowTests() {
  // Unmounted first: a mounted page would refetch what the cleared cache held, past the stubbed fetch.
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** A table's rows as the text of their cells, header row first. */
export const tableRows = (table: HTMLElement) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

/** A summary list as [term, value] pairs. */
export const facts = (list: Element) =>
  [...list.querySelectorAll('.borrow-facts__row')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);
