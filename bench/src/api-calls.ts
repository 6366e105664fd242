import type { CallName } from '@lender/contract/api-calls';
import { route } from './http';

/**
 * What the calls below may use: a signed-in customer's token, and for an applicant in status
 * applicationNew the quote they were shown (a seeded customer with a loan has none).
 */
export type Fixture = {
  token: string;
  /** A staff member's session cookie, and one seeded customer with a loan to look up (issue 48). */
  staff?: { cookie: string; email: string; lastName: string; loanId: number };
  quote?: { period: number; amount: number; repaymentDate: string; wageFrequencyID: number };
};

export type ApiCall = {
  call: CallName;
  /** Read calls are held to the p99 budget, here and with the close of business's book of loans. */
  kind: 'read' | 'write';
  /**
   * Who may make the call: anyone; any signed-in customer (a seeded customer with a loan will do); or an
   * applicant whose application waits for its quote (made through SubmitStage1 and GetQuote).
   */
  session: 'none' | 'customer' | 'applicant' | 'staff';
  /** The figure's name where the call's path alone would not tell two entries apart. */
  label?: string;
  request(f: Fixture): { body?: unknown; token?: string; query?: string; cookie?: string };
};

/**
 * The calls the API section measures, each against the bare route. Add an entry to measure another call;
 * a call that answers 501 (not implemented yet) is listed as not built, with no budget, until it is built.
 */
export const API_CALLS: ApiCall[] = [
  {
    call: 'getDictionaries',
    kind: 'read',
    session: 'none',
    // What the stage 1 form asks for.
    request: () => ({
      body: {
        queries: [
          { key: 2, params: null },
          { key: 1, params: null },
        ],
      },
    }),
  },
  {
    call: 'calculateQuote',
    kind: 'read',
    session: 'applicant',
    request: (f) => ({ body: { ...f.quote, amount: 500, period: 4 }, token: f.token }),
  },
  {
    call: 'getApplicationStatus',
    kind: 'read',
    session: 'customer',
    request: (f) => ({ token: f.token }),
  },
  { call: 'getAccountDetails', kind: 'read', session: 'customer', request: (f) => ({ token: f.token }) },
  // Not Login: 50 connections signing in to one account from one address are what a password-guessing
  // attack looks like, and the server refuses them as one (decision 017: attempts in flight count against
  // the account's five, then the address's twenty). Its cost is argon2id's, about 60 ms, by design.
];

/** A call's name in the figures and budgets: its path without /api/, e.g. Register/CalculateQuote. */
export const callLabel = (call: CallName) => route(call).path.replace('/api/', '');
export const entryLabel = (entry: ApiCall) => entry.label ?? callLabel(entry.call);

/** The borrow area's reads, loaded only with the close of business's book (they need a loan). */
export const BORROW_AREA_READS: ApiCall[] = (['getBorrowingSummary', 'getScheduleSummary'] as const).map(
  (call) => ({ call, kind: 'read', session: 'customer', request: (f: Fixture) => ({ token: f.token }) }),
);

/**
 * What staff open most (issue 48): a search by e-mail and by surname, and a loan's record (its ledger,
 * schedule and notices, and an audit row written for each opening), at 100,000 loans.
 */
export const STAFF_READS: ApiCall[] = [
  {
    call: 'customersSearch',
    label: 'staff/Customers/Search (e-mail)',
    kind: 'read',
    session: 'staff',
    request: (f) => ({ query: `q=${encodeURIComponent(f.staff!.email)}`, cookie: f.staff!.cookie }),
  },
  {
    call: 'customersSearch',
    label: 'staff/Customers/Search (surname)',
    kind: 'read',
    session: 'staff',
    request: (f) => ({ query: `q=${encodeURIComponent(f.staff!.lastName)}`, cookie: f.staff!.cookie }),
  },
  {
    call: 'customersLoan',
    kind: 'read',
    session: 'staff',
    request: (f) => ({ query: `loanId=${f.staff!.loanId}`, cookie: f.staff!.cookie }),
  },
];

/** Every read loaded against the close of business's largest PostgreSQL book, each with its p99 budget. */
export const COB_READ_CALLS: ApiCall[] = [
  ...BORROW_AREA_READS,
  ...API_CALLS.filter((c) => c.kind === 'read'),
  ...STAFF_READS,
];
