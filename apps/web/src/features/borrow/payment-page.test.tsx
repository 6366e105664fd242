import { cardRefusalText } from '@lender/contract/card-refusals';
import { addDays, londonToday } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { BRAND } from '@lender/contract/brand';
import { Refusal } from '@lender/contract/refusals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import {
  quietFrameLoading,
  recordFramePosts,
  CARD_DIGITS,
  CVV,
  PROVIDER,
  fillCard,
  nextYear,
  providerFetch,
  tokenised,
} from '../../testing/card-check';
import { queryClient } from '../../lib/query';
import { answerCalls, type SentCall } from '../../testing/answer-calls';
import { Where } from '../../testing/where';
import { NO_LOAN_STATE, createScheduleSummary, FIGURES } from '../../testing/borrow';
import type { ScheduleSummary } from './get-schedule-summary';
import { Component as PaymentPage } from './payment-page';
import { Component as SchedulePage } from './schedule-page';
import { summaryMessages } from '../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;

/** A refused card's banner: the words of its code, then the 'Try again' button. */
// The wizard's card and plan steps are chunks of their own, asked for as it opens (payment-wizard.tsx):
// loaded first here, as a browser has them by the time a person has read the first step and chosen.
beforeAll(async () => {
  await Promise.all([import('./pay-step'), import('./plan-step')]);
});

const refusedWithTryAgain = (z2: string) => `${cardRefusalText(z2)}Try again`;

const PENDING_KEY = 'paymentPendingCheck';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SETTLEMENT_URL = '/api/MyAccountArea/DownloadSettlement?token=single-use';
const ROWS = [
  { paymentDate: '2026-12-15', amount: 90.1 },
  { paymentDate: '2027-01-15', amount: 90.1 },
];

type Sent = { input: unknown; key: string | undefined };
let schedule: Partial<ScheduleSummary>;
let totals: number[];
let payments: Sent[];
let plans: Sent[];
let calculations: unknown[];
let costs: unknown[];
/** What the plan of ROWS costs, as the server would price it with £100 paid now. */
const COST = {
  rows: ROWS,
  payNow: 100,
  newTotal: 280.2,
  currentTotal: 300.38,
  difference: -20.18,
  kind: 'reschedule' as const,
};
/** What PlanCost says the plan is (issue 46: the server's reading of each payment's date). */
let costKind: 'reschedule' | 'refinance' | 'forbearance';
let paymentAnswer: () => Promise<unknown>;
let planAnswer: () => Promise<unknown>;
let settlementAnswer: () => Promise<unknown>;

const answerProvider = providerFetch(() => tokenised);
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => answerProvider(url));

const keyOf = (call: SentCall) => call.headers['idempotency-key'];
const refuse =
  (errorID: number, errorMessage: string, status = 200, object: unknown = null) =>
  async () => {
    throw new ApiCallError({ errorID, errorMessage }, status, object);
  };

/** A loan signed to end after any plan the tests calculate, so that none extends it. */
const LONG_PLAN: Partial<ScheduleSummary> = {
  planRules: {
    today: londonToday(),
    signedLastDate: '2027-06-16',
    dueDates: ['2027-06-16'],
    refinancesLeft: 2,
    forbearance: false,
  },
};

beforeEach(() => {
  quietFrameLoading();
  recordFramePosts();
  schedule = LONG_PLAN;
  totals = [300.38];
  payments = [];
  plans = [];
  calculations = [];
  costs = [];
  costKind = 'reschedule';
  paymentAnswer = async () => ({ redirectUrl: null });
  planAnswer = async () => null;
  settlementAnswer = async () => ({ url: SETTLEMENT_URL });
  api = answerCalls(
    {
      getScheduleSummary: () => createScheduleSummary(schedule),
      // The schedule these pages return to reads the loan's state (its 'Re schedule').
      getLoanState: () => NO_LOAN_STATE,
      getTotalDue: () => (totals.length > 1 ? totals.shift() : totals[0]),
      getDictionaries: () => ({
        wageFrequencies: [
          { id: 9, name: 'Monthly' },
          { id: 10, name: 'Weekly' },
        ],
      }),
      cardPayment: (input, options) => {
        payments.push({ input, key: keyOf(options) });
        return paymentAnswer();
      },
      calculate: (input) => {
        calculations.push(input);
        return ROWS;
      },
      planCost: (input) => {
        costs.push(input);
        return { ...COST, kind: costKind };
      },
      reSchedule: (input, options) => {
        plans.push({ input, key: keyOf(options) });
        return planAnswer();
      },
      settlementLink: () => settlementAnswer(),
    },
    fetchMock,
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(query = '') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/borrow/payment${query}`]}>
      <Routes>
        <Route path="/borrow/payment" element={<PaymentPage />} />
        <Route path="/borrow/schedule" element={<SchedulePage />} />
        <Route path="/borrow/update-card" element={<h1>Add a card</h1>} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}
type User = ReturnType<typeof userEvent.setup>;
const where = () => screen.getByTestId('where').textContent;
/** A button by the spec's word for it; one that moves money goes on to name the amount (issue 45). */
const button = (name: string) =>
  screen.getByRole('button', { name: (n) => n === name || n.startsWith(`${name}: pay `) });
const press = (user: User, name: string) => user.click(button(name));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const successNotice = async () =>
  [...(await screen.findByRole('status')).querySelectorAll('p')].map((p) => p.textContent);

async function toPayTotal(user: User) {
  await stepHeading('Choose an amount');
  await user.click(screen.getByRole('radio', { name: 'Pay total' }));
  await press(user, 'Next');
  await stepHeading('Pay the total due');
}

async function fillNewCard(user: User) {
  await user.click(screen.getByRole('radio', { name: 'A new debit card' }));
  await fillCard(user);
}

/** The reschedule step's fields: Monthly, 2 payments, the first date offered. */
async function fillPlan(user: User) {
  const frequency = await screen.findByLabelText('Payment frequency');
  await waitFor(() => expect(within(frequency).getByRole('option', { name: 'Monthly' })).toBeTruthy());
  await user.selectOptions(frequency, 'Monthly');
  await user.selectOptions(screen.getByLabelText('Number of payments'), '2 payments');
  const date = screen.getByLabelText('Next payment date') as HTMLSelectElement;
  await user.selectOptions(date, date.options[1]!.value);
  return date.options[1]!.value;
}

/** Types the income check's monthly figures (pounds), each box by its label. */
async function fillIncomeCheck(user: User, figures: string[]) {
  const labels = [
    'Income',
    'Rent or mortgage',
    'Bills',
    'Other loans and credit cards',
    'Food, travel and childcare',
    'Anything else',
  ];
  for (const [k, label] of labels.entries()) {
    const box = screen.getByLabelText(label);
    await user.clear(box);
    if (figures[k] !== '') await user.type(box, figures[k]!);
  }
}

describe('Make a payment: step 0 and pay total', () => {
  it('offers the total due or another amount, and Back goes to the schedule', async () => {
    const user = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Make a payment' })).toBeTruthy();
    await stepHeading('Choose an amount');
    // Nothing is chosen for the customer (issue 45): Next asks them to choose, and nothing moves on.
    const total = screen.getByRole('radio', { name: 'Pay total' });
    expect(total).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'Other amount' })).toHaveProperty('checked', false);
    await press(user, 'Next');
    expect(screen.getByRole('group', { name: 'How much would you like to pay?' }).textContent).toContain(
      'Please choose how much you would like to pay.',
    );
    expect(document.activeElement).toBe(total);
    expect(screen.getByRole('heading', { level: 2, name: 'Choose an amount' })).toBeTruthy();
    await user.click(total);
    expect(screen.queryByText('Please choose how much you would like to pay.', { exact: false })).toBeNull();
    // The settlement figure under its one name (issue 45).
    expect(screen.getByText('To clear your loan today: £300.38. Your loan is then repaid.')).toBeTruthy();
    expect(screen.getByText('At least £30.04, with a new payment plan for the rest.')).toBeTruthy();
    // One primary action: the wizard's; the settlement statement below it is a link.
    const wizard = screen.getByRole('region', { name: 'Choose an amount' });
    expect(
      within(wizard)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Next', 'Back']);
    expect(
      screen
        .getAllByRole('button')
        .filter((b) => b.classList.contains('button') && !b.matches('.button--secondary')),
    ).toHaveLength(1);
    await press(user, 'Back');
    expect(where()).toBe('/borrow/schedule');
  });

  it('pays the total with the card on file under a new idempotency key, and says so on the schedule', async () => {
    const user = renderPage();
    await toPayTotal(user);
    // The step is announced: its heading takes focus.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Pay the total due' }));
    expect(screen.getByText('£300.38').closest('p')?.textContent).toBe(
      'You are paying £300.38, everything you owe today. Your loan is then repaid.',
    );
    // The card on file by its last four digits (issue 45).
    expect(screen.getByRole('radio', { name: 'The card on file, ending 4242' })).toHaveProperty(
      'checked',
      true,
    );
    expect(button('Submit').textContent).toBe('Submit: pay £300.38 now');
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(payments).toEqual([
      { input: { payTotal: true, amount: 300.38, useExistingCard: true }, key: expect.stringMatching(UUID) },
    ]);
    expect(await successNotice()).toEqual(['Payment has been successfully proccessed']);
    expect(plans).toHaveLength(0);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it("shows a receipt after the spec's success: amount, card ending, date, then the figures as the server now has them", async () => {
    paymentAnswer = async () => ({
      redirectUrl: null,
      receipt: {
        amount: 120,
        cardLast4: '4242',
        date: '2026-11-27',
        figures: { toClearToday: 180.38, leftOnPlan: 190, nextPayment: null, overdueNow: 0 },
      },
    });
    // The schedule read after the payment: its figures are the receipt's (read fresh, after any new plan).
    schedule = { ...LONG_PLAN, figures: { ...FIGURES, toClearToday: 180.38, leftOnPlan: 190 } };
    const user = renderPage();
    await toPayTotal(user);
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    const status = await screen.findByRole('status');
    expect(status.querySelector('p')?.textContent).toBe('Payment has been successfully proccessed');
    expect(within(status).getByRole('heading', { level: 2, name: 'Your receipt' })).toBeTruthy();
    expect(
      [...status.querySelectorAll('.borrow-facts__row')].map((r) => [
        r.querySelector('dt')?.textContent,
        r.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Amount paid', '£120.00'],
      ['Card', 'Ending 4242'],
      ['Date', '27-11-2026'],
      ['Next payment', '£150.19 on 15-12-2026'],
      ['To clear your loan today', '£180.38'],
      ['Left to pay on your plan', '£190.00'],
    ]);
  });

  it('Back from the card goes to step 0', async () => {
    const user = renderPage();
    await toPayTotal(user);
    await press(user, 'Back');
    await stepHeading('Choose an amount');
    expect(where()).toBe('/borrow/payment');
  });

  it("pays with a new card through the bank's challenge, keeping the attempt and its key without the card", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    paymentAnswer = async () => ({ redirectUrl: `${PROVIDER}/challenge?trxId=trx-1` });
    const user = renderPage();
    await toPayTotal(user);
    await fillNewCard(user);
    await press(user, 'Submit');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}/challenge?trxId=trx-1`));
    const body = {
      payTotal: true,
      amount: 300.38,
      useExistingCard: false,
      card: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
      pKey: 'key-1',
      trxId: 'trx-1',
      isSignature: false,
    };
    expect(payments).toEqual([{ input: body, key: expect.stringMatching(UUID) }]);
    expect(JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null')).toEqual({
      ...body,
      idempotencyKey: payments[0]!.key,
      plan: null,
      planKey: null,
    });
    const everything = JSON.stringify({ ...sessionStorage }) + JSON.stringify(api.sent);
    expect(everything).not.toContain(CARD_DIGITS);
    expect(everything).not.toContain(CVV);
  });

  const pending = {
    payTotal: true,
    amount: 300.38,
    useExistingCard: false,
    card: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
    pKey: 'key-1',
    trxId: 'trx-1',
    isSignature: true,
    idempotencyKey: '0b6f8c1e-4d0a-4f7e-9b1a-2c3d4e5f6a7b',
    plan: null,
    planKey: null,
  };

  it('back from a passed challenge: sends the same payment under the same key and goes to the schedule', async () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    renderPage('?z2=0&z3=&trxId=trx-1');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    const { idempotencyKey, plan: _plan, planKey: _planKey, ...body } = pending;
    expect(payments).toEqual([{ input: body, key: idempotencyKey }]);
    expect(await successNotice()).toEqual(['Payment has been successfully proccessed']);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('back from a failed challenge: shows why, at the card step with a new card offered', async () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    paymentAnswer = refuse(ErrorId.cardDeclined, 'Your bank could not confirm the check.');
    renderPage('?z2=05&z3=Authentication%20failed.&trxId=trx-1');
    await stepHeading('Pay the total due');
    const banner = await screen.findByRole('alert');
    // The bank's 05 in plain words with the next step, never its own text (issue 31).
    await waitFor(() => expect(banner.textContent).toBe(refusedWithTryAgain('05')));
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByRole('radio', { name: 'A new debit card' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    // The bank's answer leaves the address as a router transition, which may render after the banner.
    await waitFor(() => expect(where()).toBe('/borrow/payment'));
  });

  it('reads the total again when it moved (241), and pays the new one under a new key', async () => {
    totals = [300.38, 301.2];
    paymentAnswer = refuse(ErrorId.paymentChanged, Refusal.paymentChanged.errorMessage);
    const user = renderPage();
    await toPayTotal(user);
    await press(user, 'Submit');
    expect((await screen.findByRole('alert')).textContent).toBe(Refusal.paymentChanged.errorMessage);
    await waitFor(() => expect(screen.getByText('£301.20')).toBeTruthy());
    paymentAnswer = async () => ({ redirectUrl: null });
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(payments.map((p) => (p.input as { amount: number }).amount)).toEqual([300.38, 301.2]);
    expect(payments[0]!.key).not.toBe(payments[1]!.key);
  });

  it('sends the same attempt again under the same key after an undecided answer (213), a new one after a decline', async () => {
    paymentAnswer = refuse(ErrorId.cardCheckUnavailable, Refusal.paymentUnavailable.errorMessage);
    const user = renderPage();
    await toPayTotal(user);
    await press(user, 'Submit');
    expect((await screen.findByRole('alert')).textContent).toBe(Refusal.paymentUnavailable.errorMessage);
    paymentAnswer = refuse(ErrorId.cardDeclined, cardRefusalText('51'));
    await press(user, 'Submit');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusedWithTryAgain('51')));
    paymentAnswer = async () => ({ redirectUrl: null });
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    const [first, retry, next] = payments.map((p) => p.key);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it.each([
    [ErrorId.cardNotActive, Refusal.cardNotActive.errorMessage, 'Press here to add a new Card'],
    [ErrorId.cardExpired, Refusal.cardExpired.errorMessage, 'update your card here'],
  ])('refused %i: says so with a link to a new card', async (errorID, text, linkText) => {
    paymentAnswer = refuse(errorID, text);
    const user = renderPage();
    await toPayTotal(user);
    await press(user, 'Submit');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(text);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    await user.click(within(banner).getByRole('link', { name: linkText }));
    expect(where()).toBe('/borrow/update-card');
  });
});

describe('Make a payment: other amount and reschedule', () => {
  async function toOtherAmount(user: User) {
    await stepHeading('Choose an amount');
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    await press(user, 'Next');
    await stepHeading('Pay another amount');
  }

  it("checks the amount (10% to 100% of the total due) and the plan with the spec's messages", async () => {
    const user = renderPage();
    await toOtherAmount(user);
    await press(user, 'Calculate');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please enter the amount to pay.',
      'Please enter a valid payment frequency.',
      'Please enter your payment duration.',
      'Please enter your payment date.',
    ]);
    await fillPlan(user);
    const amount = screen.getByLabelText('Amount to pay now');
    await user.type(amount, '30.03');
    await press(user, 'Calculate');
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'There is a problem' }).textContent).toContain(
        'Minimum amount to pay is 10% of your remaining balance',
      ),
    );
    await user.clear(amount);
    await user.type(amount, '300.39');
    await waitFor(() =>
      expect(
        screen.getByText('The most you can pay is your remaining balance of £300.38.', { selector: 'a' }),
      ).toBeTruthy(),
    );
    expect(calculations).toHaveLength(0);
  });

  it('calculates the plan, asks for the CPA agreement, pays the amount and then makes the plan', async () => {
    const user = renderPage();
    await toOtherAmount(user);
    await user.type(screen.getByLabelText('Amount to pay now'), '100');
    const repayDate = await fillPlan(user);
    await press(user, 'Calculate');
    await stepHeading('Check your new payment plan');
    const plan = { amount: 100, frequencyID: 9, duration: 2, repayDate };
    expect(calculations).toEqual([plan]);
    const table = screen.getByRole('table', { name: 'Your new payment plan' });
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      '15-12-2026£90.10',
      '15-01-2027£90.10',
    ]);
    // What the plan costs, priced by the server for the same plan, before Accept (issue 45).
    expect(costs).toEqual([plan]);
    expect(screen.getByText('Total to repay, with today’s payment').nextSibling?.textContent).toBe('£280.20');
    expect(screen.getByText('Left to pay on your plan today').nextSibling?.textContent).toBe('£300.38');
    expect(screen.getByText('This plan costs £20.18 less than your plan today.')).toBeTruthy();
    expect(button('Accept and proceed').textContent).toBe('Accept and proceed: pay £100.00 now');
    await press(user, 'Accept and proceed');
    expect(await screen.findByText('This field is required.', { selector: 'a' })).toBeTruthy();
    expect(payments).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await press(user, 'Accept and proceed');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(payments).toEqual([
      { input: { payTotal: false, amount: 100, useExistingCard: true }, key: expect.stringMatching(UUID) },
    ]);
    expect(plans).toEqual([{ input: plan, key: expect.stringMatching(UUID) }]);
    expect(plans[0]!.key).not.toBe(payments[0]!.key);
    expect(await successNotice()).toEqual(['Payment has been successfully proccessed']);
  });

  it('says the payment was taken when the plan after it is refused', async () => {
    planAnswer = refuse(ErrorId.refinanceLimit, Refusal.refinanceLimit.errorMessage);
    const user = renderPage();
    await toOtherAmount(user);
    await user.type(screen.getByLabelText('Amount to pay now'), '100');
    await fillPlan(user);
    await press(user, 'Calculate');
    await stepHeading('Check your new payment plan');
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await press(user, 'Accept and proceed');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(await successNotice()).toEqual([
      'Payment has been successfully proccessed',
      `Your payment plan has not been changed: ${Refusal.refinanceLimit.errorMessage} Please use Re schedule to try again.`,
    ]);
  });

  it('reschedules only from ?reschedule: Submit calculates, Accept schedule makes the plan', async () => {
    const user = renderPage('?reschedule=true');
    await stepHeading('Reschedule your payments');
    // Headed as what it is (issue 45): nothing is paid here.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Change your payment plan');
    expect(document.title).toMatch(/^Change your payment plan \|/);
    expect(screen.queryByLabelText('Amount to pay now')).toBeNull();
    const repayDate = await fillPlan(user);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    expect(screen.queryByRole('radio', { name: 'The card on file' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await press(user, 'Accept schedule');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    const plan = { amount: null, frequencyID: 9, duration: 2, repayDate };
    expect(calculations).toEqual([plan]);
    expect(plans).toEqual([{ input: plan, key: expect.stringMatching(UUID) }]);
    expect(payments).toHaveLength(0);
    expect(await successNotice()).toEqual(['Operation has finished successfully']);
  });

  it("offers dates from the business date the server gave, not from the browser's calendar", async () => {
    // Staff have moved the business date three weeks on: the server counts a plan's dates from there.
    const businessDate = addDays(londonToday(), 21);
    schedule = { planRules: { ...LONG_PLAN.planRules!, today: businessDate } };
    renderPage('?reschedule=true');
    await stepHeading('Reschedule your payments');
    const date = screen.getByLabelText('Next payment date') as HTMLSelectElement;
    const offered = [...date.options].map((o) => o.value).filter(Boolean);
    expect(offered[0]! > businessDate).toBe(true);
    expect(offered[0]! <= addDays(businessDate, 5)).toBe(true);
  });

  it('Back from the first reschedule step goes to the schedule; from the plan, to the reschedule step', async () => {
    const user = renderPage('?reschedule=true');
    await stepHeading('Reschedule your payments');
    await fillPlan(user);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    await press(user, 'Back');
    await stepHeading('Reschedule your payments');
    // What was chosen is kept.
    expect(screen.getByLabelText('Payment frequency')).toHaveProperty('value', '9');
    expect(screen.getByLabelText('Number of payments')).toHaveProperty('value', '2');
    await press(user, 'Back');
    expect(where()).toBe('/borrow/schedule');
  });

  it('asks for the information sheet and the income check when PlanCost says the plan is a refinance (issue 46)', async () => {
    costKind = 'refinance';
    const user = renderPage('?reschedule=true');
    expect(
      await screen.findByText(
        'A plan that moves any payment later than it is due now, or ends after 16-06-2027, your last agreed payment date, extends your loan and costs more interest.',
      ),
    ).toBeTruthy();
    await fillPlan(user);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    expect(screen.getByRole('heading', { name: 'High-cost short-term loans' })).toBeTruthy();
    const sheet = screen.getByRole('link', { name: 'arrears information sheet (opens in a new tab)' });
    expect(sheet.getAttribute('href')).toMatch(/^https:\/\/www\.fca\.org\.uk\//);
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await fillIncomeCheck(user, ['1500', '', '200', '0', 'lots', '0']);
    await press(user, 'Accept schedule');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please read the arrears information sheet before you choose a longer plan.',
      'Please enter your rent or mortgage each month in pounds, or 0.',
      'Please enter your food, travel and childcare each month in pounds, or 0.',
    ]);
    expect(plans).toEqual([]);
    // The server finds the plan does not fit what is left: its message is on the group.
    planAnswer = refuse(ErrorId.validation, 'Invalid request.', 400, {
      fields: {
        incomeAndOutgoings:
          'This plan takes up to £150.19 in a month, but you have £100.00 a month left after your outgoings. Please choose a plan with smaller payments, or talk to us about help with your payments.',
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'I have read the arrears information sheet' }));
    await fillIncomeCheck(user, ['1500', '600', '200', '0', '600', '0']);
    await press(user, 'Accept schedule');
    const group = await screen.findByRole('group', { name: 'Your income and outgoings each month' });
    expect(group.textContent).toContain('This plan takes up to £150.19 in a month');
    expect(plans[0]!.input).toMatchObject({
      informationSheetSeen: true,
      incomeAndOutgoings: { monthlyIncome: 1500, housing: 600, bills: 200, credit: 0, living: 600, other: 0 },
    });
    expect(plans[0]!.input).not.toHaveProperty('affordabilityConfirmed');
    planAnswer = async () => null;
    await fillIncomeCheck(user, ['1800', '600', '200', '0', '600', '0']);
    await press(user, 'Accept schedule');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(plans[1]!.input).toMatchObject({ incomeAndOutgoings: { monthlyIncome: 1800 } });
  });

  it('shows the refinance tick boxes when the server says the plan needs them after all', async () => {
    planAnswer = refuse(ErrorId.validation, 'Invalid request.', 400, {
      fields: {
        informationSheetSeen: 'Please read the arrears information sheet before you choose a longer plan.',
        incomeAndOutgoings: 'Please enter your monthly income and outgoings in pounds, 0 where none.',
      },
    });
    const user = renderPage('?reschedule=true');
    await fillPlan(user);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    expect(screen.queryByRole('checkbox', { name: 'I have read the arrears information sheet' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await press(user, 'Accept schedule');
    const sheet = await screen.findByRole('checkbox', { name: 'I have read the arrears information sheet' });
    expect(sheet.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert', { name: 'There is a problem' }).textContent).toContain(
      'Please read the arrears information sheet before you choose a longer plan.',
    );
    planAnswer = async () => null;
    await user.click(sheet);
    await fillIncomeCheck(user, ['2000', '600', '200', '0', '300', '0']);
    await press(user, 'Accept schedule');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(plans.map((p) => p.key)).toEqual([plans[0]!.key, expect.stringMatching(UUID)]);
    expect(plans[1]!.input).toMatchObject({
      informationSheetSeen: true,
      incomeAndOutgoings: { monthlyIncome: 2000, living: 300 },
    });
  });

  it('in arrears a plan is forbearance: it says so and asks for no refinance tick boxes', async () => {
    schedule = {
      planRules: {
        today: londonToday(),
        signedLastDate: '2026-12-16',
        dueDates: ['2026-12-16'],
        refinancesLeft: 0,
        forbearance: true,
      },
    };
    const user = renderPage('?reschedule=true');
    expect(
      await screen.findByText(
        'You are behind with your payments, so a new plan adds no interest or fees while you keep to it.',
      ),
    ).toBeTruthy();
    await fillPlan(user);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    expect(screen.queryByRole('checkbox', { name: 'I have read the arrears information sheet' })).toBeNull();
  });
});

describe('Make a payment: in arrears, a reduced or token payment (CONC 7.3.5)', () => {
  const ARREARS: Partial<ScheduleSummary> = {
    planRules: {
      today: londonToday(),
      signedLastDate: '2027-06-16',
      dueDates: ['2027-06-16'],
      refinancesLeft: 2,
      forbearance: true,
    },
  };

  it('takes any amount from £1, with its own message and hints, then a plan without interest', async () => {
    schedule = ARREARS;
    const user = renderPage();
    await stepHeading('Choose an amount');
    expect(
      screen.getByText('Any amount you can afford, from £1.00, with a new payment plan for the rest.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    await press(user, 'Next');
    await stepHeading('Pay another amount');
    const amount = screen.getByLabelText('Amount to pay now');
    expect(
      document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
    ).toBe('In pounds: any amount you can afford from £1.00 to £300.38, your remaining balance.');
    expect(
      screen.getByText(
        'You are behind with your payments, so a new plan adds no interest or fees while you keep to it.',
      ),
    ).toBeTruthy();
    const repayDate = await fillPlan(user);
    await user.type(amount, '0.99');
    await press(user, 'Calculate');
    expect(await screen.findByText('The least you can pay is £1.00.', { selector: 'a' })).toBeTruthy();
    expect(screen.queryByText('Minimum amount to pay is 10% of your remaining balance')).toBeNull();
    await user.clear(amount);
    await user.type(amount, '1');
    await press(user, 'Calculate');
    await stepHeading('Check your new payment plan');
    expect(screen.getByText('£1.00').closest('p')?.textContent).toBe(
      'You are paying £1.00 now. The plan below repays the rest.',
    );
    await user.click(screen.getByRole('checkbox', { name: /^I agree to this payment plan/ }));
    await press(user, 'Accept and proceed');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    const plan = { amount: 1, frequencyID: 9, duration: 2, repayDate };
    expect(calculations).toEqual([plan]);
    expect(payments.map((p) => p.input)).toEqual([{ payTotal: false, amount: 1, useExistingCard: true }]);
    expect(plans.map((p) => p.input)).toEqual([plan]);
  });

  it('outside arrears still asks for 10%', async () => {
    const user = renderPage();
    await stepHeading('Choose an amount');
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    await press(user, 'Next');
    await fillPlan(user);
    await user.type(screen.getByLabelText('Amount to pay now'), '1');
    await press(user, 'Calculate');
    expect(
      await screen.findByText('Minimum amount to pay is 10% of your remaining balance', { selector: 'a' }),
    ).toBeTruthy();
    expect(calculations).toHaveLength(0);
  });
});

describe('Make a payment: the settlement statement (s97)', () => {
  /** A tab as window.open returns it, recording where it is sent. */
  const fakeTab = () =>
    ({ opener: window, closed: false, location: { href: '' }, close: vi.fn() }) as unknown as Window & {
      close: ReturnType<typeof vi.fn>;
    };
  const absolute = (url: string) => new URL(url, window.location.href).href;
  const download = () => screen.findByRole('button', { name: 'Download settlement statement' });

  it('asks SettlementLink for a link and opens it in the tab opened by the press', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const user = renderPage();
    const button = await download();
    expect(screen.getByRole('region', { name: 'Paying off your loan early' })).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'What you would pay to settle your loan today and on each of the next 28 days, and the payments still due. Opens in a new tab.',
    );
    await user.click(button);
    await waitFor(() => expect(tab.location.href).toBe(absolute(SETTLEMENT_URL)));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.to('settlementLink')).toHaveLength(1);
  });

  it('offers the link on the page when the browser refuses to open a tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = renderPage();
    await user.click(await download());
    const link = await screen.findByRole('link', { name: 'open your settlement statement' });
    expect(link.getAttribute('href')).toBe(absolute(SETTLEMENT_URL));
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('closes the empty tab and says so when the link is refused', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab);
    settlementAnswer = refuse(ErrorId.generic, 'Error Occured');
    const user = renderPage();
    await user.click(await download());
    expect((await screen.findByRole('alert')).textContent).toBe('Error Occured');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('is there for a blocked loan too, and not when nothing is owed', async () => {
    schedule = { ...LONG_PLAN, blocked: true };
    renderPage();
    expect(await download()).toBeTruthy();
    cleanup();
    queryClient.clear();
    schedule = { settledDate: '2027-01-16' };
    renderPage();
    expect(await screen.findByText('No payments for this application')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download settlement statement' })).toBeNull();
  });
});

describe('Make a payment: the next instalment (issue 45)', () => {
  it('is a choice with its amount and date, paid with the card on file and no new plan', async () => {
    const user = renderPage();
    await stepHeading('Choose an amount');
    const next = screen.getByRole('radio', { name: 'The next instalment' });
    expect(next).toHaveProperty('checked', false);
    expect(
      screen.getByText('£150.19, due on 16-12-2026. The rest of your plan stays as it is.'),
    ).toBeTruthy();
    await user.click(next);
    await press(user, 'Next');
    await stepHeading('Pay the next instalment');
    expect(button('Submit').textContent).toBe('Submit: pay £150.19 now');
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(payments).toEqual([
      {
        input: { payTotal: false, payNext: true, amount: 150.19, useExistingCard: true },
        key: expect.stringMatching(UUID),
      },
    ]);
    expect(calculations).toHaveLength(0);
    expect(plans).toHaveLength(0);
  });

  it('is not offered below the least part payment, nor when nothing is left', async () => {
    schedule = { ...LONG_PLAN, nextInstalment: { date: '2026-12-16', amount: 20, collectOn: '2026-12-16' } };
    renderPage();
    await stepHeading('Choose an amount');
    expect(screen.queryByRole('radio', { name: 'The next instalment' })).toBeNull();
    cleanup();
    queryClient.clear();
    schedule = { ...LONG_PLAN, nextInstalment: null };
    renderPage();
    await stepHeading('Choose an amount');
    expect(screen.queryByRole('radio', { name: 'The next instalment' })).toBeNull();
  });
});

describe('Make a payment: a blocked card (issue 45)', () => {
  const BLOCKED: Partial<ScheduleSummary> = {
    ...LONG_PLAN,
    blocked: true,
    nextInstalment: { date: '2026-11-16', amount: 150.19, collectOn: londonToday() },
  };

  async function toNextInstalment(user: User) {
    await stepHeading('Choose an amount');
    await user.click(screen.getByRole('radio', { name: 'The next instalment' }));
    await press(user, 'Next');
    await stepHeading('Pay the next instalment');
  }

  it('says the card is not active, with the link, and still offers a payment, with no new plan', async () => {
    schedule = BLOCKED;
    renderPage();
    const link = await screen.findByRole('link', { name: 'Press here to add a new Card' });
    expect(link.closest('p')?.textContent).toBe(Refusal.cardNotActive.errorMessage);
    await stepHeading('Choose an amount');
    expect(
      screen.getAllByRole('radio').map((r) => r.closest('div')?.querySelector('label')?.textContent),
    ).toEqual(['Pay total', 'The next instalment']);
    expect(
      screen.getByText('£150.19, overdue since 16-11-2026. The rest of your plan stays as it is.'),
    ).toBeTruthy();
  });

  it('pays once with a new card, chosen as such: no card on file, no default', async () => {
    schedule = BLOCKED;
    const user = renderPage();
    await toNextInstalment(user);
    expect(screen.queryByRole('radio', { name: 'The card on file' })).toBeNull();
    const once = screen.getByRole('radio', { name: 'A debit card, for this payment only' });
    expect(once).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toHaveProperty('checked', false);
    // Nothing to send until the customer chooses how to pay.
    expect(screen.queryByRole('button', { name: /^Submit/ })).toBeNull();
    await user.click(once);
    await fillCard(user);
    await press(user, 'Submit');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(payments).toEqual([
      {
        input: expect.objectContaining({
          payNext: true,
          amount: 150.19,
          useExistingCard: false,
          trxId: 'trx-1',
        }),
        key: expect.stringMatching(UUID),
      },
    ]);
  });

  it('by bank transfer shows our account, the reference and the amount, and sends nothing', async () => {
    schedule = BLOCKED;
    const user = renderPage();
    await toNextInstalment(user);
    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextSibling?.textContent;
    expect(facts('Sort code')).toBe(BRAND.repaymentAccount.sortCode);
    expect(facts('Account number')).toBe(BRAND.repaymentAccount.accountNumber);
    expect(facts('Reference')).toBe('41');
    expect(facts('Amount')).toBe('£150.19');
    expect(screen.queryByRole('button', { name: /^Submit/ })).toBeNull();
    expect(payments).toHaveLength(0);
  });

  it('agrees a plan paid by other means from ?reschedule (issue 46 item 7): up to 12 payments, the income check, no card', async () => {
    schedule = { ...BLOCKED, planRules: { ...LONG_PLAN.planRules!, forbearance: true } };
    costKind = 'forbearance';
    const user = renderPage('?reschedule=true');
    expect(await screen.findByRole('link', { name: 'Press here to add a new Card' })).toBeTruthy();
    expect(screen.getByText(/^You can agree a plan that you pay yourself/)).toBeTruthy();
    await stepHeading('Reschedule your payments');
    const count = await screen.findByLabelText('Number of payments');
    expect(within(count).getAllByRole('option').at(-1)?.textContent).toBe('12 payments');
    expect(screen.getByText(/^This plan adds no interest or fees while you keep to it\./)).toBeTruthy();
    const frequency = screen.getByLabelText('Payment frequency');
    await waitFor(() => expect(within(frequency).getByRole('option', { name: 'Monthly' })).toBeTruthy());
    await user.selectOptions(frequency, 'Monthly');
    await user.selectOptions(count, '8 payments');
    const date = screen.getByLabelText('Next payment date') as HTMLSelectElement;
    await user.selectOptions(date, date.options[1]!.value);
    await press(user, 'Submit');
    await stepHeading('Check your new payment plan');
    const asked = { duration: 8, amount: null, byOtherMeans: true };
    expect(calculations).toEqual([expect.objectContaining(asked)]);
    expect(costs).toEqual([expect.objectContaining(asked)]);
    // No card is asked for, nor any authority: how to pay each payment instead, and the income check.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Continuous Payment Authority/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'I have read the arrears information sheet' })).toBeNull();
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextSibling?.textContent;
    expect(facts('Reference')).toBe('41');
    const agree = screen.getByRole('checkbox', {
      name: `I agree to this payment plan, and to pay each payment to ${BRAND.name} on or before its date. Nothing is collected from a card.`,
    });
    await user.click(agree);
    await press(user, 'Accept schedule');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toContain('Please enter your income each month in pounds, or 0.');
    expect(plans).toEqual([]);
    await fillIncomeCheck(user, ['1200', '500', '150', '0', '300', '0']);
    await press(user, 'Accept schedule');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(plans).toEqual([
      {
        input: expect.objectContaining({
          ...asked,
          incomeAndOutgoings: {
            monthlyIncome: 1200,
            housing: 500,
            bills: 150,
            credit: 0,
            living: 300,
            other: 0,
          },
        }),
        key: expect.stringMatching(UUID),
      },
    ]);
  });
});

describe('Make a payment: when there is nothing to pay', () => {
  it.each([
    ['not paid out', { fundedDate: null }],
    ['repaid', { settledDate: '2027-01-16' }],
  ])('has no payments for a loan %s', async (_, loan) => {
    schedule = loan;
    renderPage();
    expect(await screen.findByText('No payments for this application')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
