import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import type { Dictionaries } from '@lender/contract/dictionaries';
import { enableDateFor } from '@lender/contract/pricing/repayment-dates';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import { queryClient } from '../../lib/query';
import { answerCalls } from '../../testing/answer-calls';
import { Where } from '../../testing/where';
import {
  quietFrameLoading,
  CARD_DIGITS,
  CVV,
  PROVIDER,
  fillCard,
  nextYear,
  providerFetch,
  tokenised,
} from '../../testing/card-check';
import { Component as ApplyPage } from './apply-page';
import type { RepeatLoanPrefill } from './repeat-loan';
import { summaryMessages } from '../../testing/error-summary';

const GUID = '0b7c6f7e-2f41-4d0a-9a57-8e3c1c9d5a10';
/** A wage frequency's preset first date (its enableDate), as GetDictionaries gives it. */
const FIXED_DATE = enableDateFor(1, londonToday())!;

const DICTIONARIES: Dictionaries = {
  wageFrequencies: [
    { id: 1, name: 'Specific date', enableDate: FIXED_DATE },
    { id: 9, name: 'Monthly' },
    { id: 10, name: 'Weekly' },
  ],
  residentalStatus: [{ id: 3, name: 'Private tenant' }],
  livedInAddress: [{ id: 5, name: 'More than 5 years' }],
  employmentStatus: [{ id: 1, name: 'Full time' }],
  employmentIndustry: [{ id: 10, name: 'Retail' }],
  loanReason: [{ id: 1, name: 'Car repairs or MOT' }],
  maritalStatus: [{ id: 1, name: 'Single' }],
};

function createPrefill(overrides: Partial<RepeatLoanPrefill> = {}): RepeatLoanPrefill {
  return {
    netPay: 2200,
    livedInAddressID: 5,
    residentalStatusID: 3,
    maritalStatusID: 1,
    wageFrequencyID: 9,
    person: { mobile: '07123456789', email: 'jane@example.com', birthDate: '1990-05-01' },
    financialData: {
      ...(Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 0])) as Record<
        keyof typeof EXPENSE_LIMITS,
        number
      >),
      rent: 600,
      food: 250,
      creditCommitment: 50,
      loanPurposeID: 1,
    },
    employmentDetail: {
      employmentTypeID: 1,
      employmentIndustryID: 10,
      employmentName: 'Acme Ltd',
      employmentLength: 24,
    },
    currentAddress: {
      autoAddress: false,
      postCode: 'SW1A 2AA',
      county: 'Greater London',
      town: 'London',
      street: 'Downing Street',
      building: '',
      houseNumber: '10',
      flatNo: '',
      address: '10 Downing Street, London, SW1A 2AA',
      country: 'United Kingdom',
    },
    previousAddress: null,
    cardOnFile: { last4: '1111', endMonth: 11, endYear: 2040, usable: true },
    bankOnFile: { sortCode: '123456', accountEnding: '6819' },
    dailyRate: 0.008,
    today: londonToday(),
    ...overrides,
  };
}

let status: { appStatusID: number; appGuid: string | null; isEnd: boolean };
let prefill: RepeatLoanPrefill;
let answer: () => Promise<unknown>;
const sent = vi.fn();

beforeEach(() => {
  status = { appStatusID: AppStatus.settled, appGuid: null, isEnd: true };
  prefill = createPrefill();
  answer = async () => ({ appStatusID: AppStatus.esignSent, appGuid: GUID, redirectUrl: null });
  sent.mockReset();
  // The card provider's settings and its tokenisation: the browser's own requests, not calls of ours.
  quietFrameLoading();
  answerCalls(
    {
      getApplicationStatus: () => status,
      getRepeatLoan: () => prefill,
      getDictionaries: () => DICTIONARIES,
      repeatLoan: (input) => {
        sent(input);
        return answer();
      },
      esignLink: () => ({ appGuid: GUID, signingToken: 'token-1' }),
      logout: () => null,
      getBankVerification: () => ({ required: false, requiredBecause: [], verification: null }),
      getBanks: () => ({ banks: [{ bankId: 'sandbox-bank', name: 'Sandbox Bank' }] }),
    },
    providerFetch(() => tokenised),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(): UserEvent {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/borrow/apply']}>
      <Routes>
        <Route path="/borrow/apply" element={<ApplyPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return user;
}
const where = () => screen.getByTestId('where').textContent;
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit application' }));

/** The first repayment date offered, as a person picks it. */
async function pickFirstDate(user: UserEvent) {
  const date = screen.getByLabelText('Repayment start date') as HTMLSelectElement;
  await user.selectOptions(date, date.options[1]!);
}

const refuse =
  (errorID: number, errorMessage: string, status = 200) =>
  async () => {
    throw new ApiCallError({ errorID, errorMessage }, status);
  };

describe('borrow/apply', () => {
  it("goes to the status's own route while the previous application has not ended", async () => {
    status = { appStatusID: AppStatus.active, appGuid: GUID, isEnd: false };
    renderPage();
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(sent).not.toHaveBeenCalled();
  });

  it('shows the form prefilled, with the spec defaults and the contacts read-only', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Submit application' })).toBeTruthy();
    expect((screen.getByLabelText('Amount') as HTMLSelectElement).value).toBe('150');
    expect((screen.getByLabelText('Number of monthly instalments') as HTMLSelectElement).value).toBe('3');
    const frequency = screen.getByLabelText('Wage frequency') as HTMLSelectElement;
    expect(frequency.selectedOptions[0]?.textContent).toBe('Monthly');
    expect((screen.getByLabelText('Employer name') as HTMLInputElement).value).toBe('Acme Ltd');
    expect((screen.getByLabelText('Mobile') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('radio', { name: 'The card ending 1111' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('radio', { name: 'The account ending 6819' })).toBeTruthy();
  });

  it("works out the quote as the figures change, with the contract's engine", async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    const quote = screen.getByRole('region', { name: 'Your repayments' });
    expect(quote.textContent).toContain('Choose a repayment date');
    await pickFirstDate(user);
    const payment = () => within(quote).getByText('Payment of').nextElementSibling?.textContent;
    const rows = () => within(quote).getAllByRole('row').length;
    expect(rows()).toBe(4);
    const at150 = payment();
    await user.selectOptions(screen.getByLabelText('Amount'), '£300');
    await user.selectOptions(screen.getByLabelText('Number of monthly instalments'), '2');
    expect(rows()).toBe(3);
    expect(payment()).not.toBe(at150);
  });

  it('sends the card and bank account on file, with an idempotency key, and hands over to e-sign', async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    await waitFor(() => expect(where()).toBe(`/loan/stage5/${GUID}`));
    expect(sent).toHaveBeenCalledTimes(1);
    const body = sent.mock.calls[0]![0] as Record<string, unknown>;
    expect(body).toMatchObject({
      amount: 150,
      duration: 3,
      wageFrequencyID: 9,
      netPay: 2200,
      useExistingCard: true,
      creditCard: null,
      bankDetails: null,
      person: { mobile: '07123456789', email: 'jane@example.com' },
    });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the last amounts in pounds and pence, counts what they leave of the income as typed, and sends them exactly', async () => {
    prefill = createPrefill({
      financialData: { ...createPrefill().financialData!, rent: 600.5, food: 250, creditCommitment: 50 },
    });
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    const rent = screen.getByRole('textbox', { name: 'Rent' }) as HTMLInputElement;
    expect(rent.value).toBe('600.50');
    const totals = screen.getByRole('region', { name: 'Your monthly spending' });
    expect(within(totals).getByText('Total spending').nextSibling?.textContent).toBe('£900.50');
    expect(within(totals).getByText('Left after spending').nextSibling?.textContent).toBe('£1,299.50');
    await user.clear(screen.getByLabelText('Net monthly income (£)'));
    await user.type(screen.getByLabelText('Net monthly income (£)'), '1800');
    await user.clear(rent);
    await user.type(rent, '612.34');
    expect(within(totals).getByText('Left after spending').nextSibling?.textContent).toBe('£887.66');

    await pickFirstDate(user);
    await submit(user);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect((sent.mock.calls[0]![0] as { financialData: unknown }).financialData).toMatchObject({
      rent: 612.34,
      food: 250,
      creditCommitment: 50,
      utility: 0,
    });
  });

  it("lists the spec's messages and sends nothing when a rule is not met", async () => {
    prefill = createPrefill({ cardOnFile: null, bankOnFile: null, netPay: null });
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await submit(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const messages = summaryMessages(summary);
    for (const message of [
      Msg.nextPayDate,
      Msg.netIncomeRequired,
      Msg.sortCode,
      Msg.accountNumber,
      Msg.cardNumber,
      Msg.securityCode,
      Msg.nameOnCard,
      Msg.expiry,
    ]) {
      expect(messages).toContain(message);
    }
    expect(sent).not.toHaveBeenCalled();
  });

  it("locks the date to a wage frequency's preset date, and sends that date", async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await user.selectOptions(screen.getByLabelText('Wage frequency'), 'Specific date');
    const date = screen.getByLabelText('Repayment start date') as HTMLSelectElement;
    await waitFor(() => expect(date.value).toBe(FIXED_DATE));
    expect(date.disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Your repayments' }).textContent).toContain('Repayment total');
    await submit(user);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toMatchObject({ wageFrequencyID: 1, repaymentDate: FIXED_DATE });
  });

  it("keeps the form with 'Error Occured!' above the button on errorID 100", async () => {
    answer = refuse(ErrorId.generic, Refusal.repeatLoanTryAgain.errorMessage);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Error Occured!');
    expect(document.activeElement).toBe(banner);
    expect(where()).toBe('/borrow/apply');
  });

  it('stores the card error and goes to stage 2 on errorID 211', async () => {
    answer = refuse(ErrorId.repeatLoanCardDeclined, 'Do not honour: your card issuer declined the check.');
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    await waitFor(() => expect(where()).toBe('/loan/stage2'));
    expect(sessionStorage.getItem('stage2Error')).toBe('Do not honour: your card issuer declined the check.');
  });

  // Issue 45: a card check another customer presented first is refused with 212; nothing was stored.
  it('asks for the card again on errorID 212, keeping the form (not a decline)', async () => {
    answer = refuse(ErrorId.cardDeclined, Refusal.cardCheckNotYours.errorMessage);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(Refusal.cardCheckNotYours.errorMessage);
    expect(screen.queryByRole('heading', { name: 'Thank you for your application' })).toBeNull();
    expect(where()).toBe('/borrow/apply');
  });

  it('shows the thank-you panel on any other refusal', async () => {
    answer = refuse(ErrorId.declined, Refusal.declined.errorMessage);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    const heading = await screen.findByRole('heading', { name: 'Thank you for your application' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/unable to approve it at this time/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });

  it('on errorID 292 keeps the form, says the bank is needed and opens the bank choice (not a decline)', async () => {
    answer = refuse(ErrorId.bankConnectionRequired, Refusal.bankConnectionRequired.errorMessage);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await submit(user);
    expect(await screen.findByText(Refusal.bankConnectionRequired.errorMessage)).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Connect your bank to confirm your income' });
    expect(
      within(panel).getByText('We need to see your bank account before we can decide on this loan.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Thank you for your application' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeTruthy();
  });

  it("checks a new card with the provider only, goes to the bank's challenge and finishes on return", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    answer = async () => ({
      appStatusID: 0,
      appGuid: null,
      redirectUrl: `${PROVIDER}/challenge?trxId=trx-1`,
    });
    const user = renderPage();
    await screen.findByRole('button', { name: 'Submit application' });
    await pickFirstDate(user);
    await user.click(screen.getByRole('radio', { name: 'A new debit card' }));
    await fillCard(user);
    await submit(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}/challenge?trxId=trx-1`));
    const first = sent.mock.calls[0]![0] as Record<string, unknown>;
    expect(first).toMatchObject({
      useExistingCard: false,
      creditCard: { creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear }, address: null },
      pKey: 'key-1',
      trxId: 'trx-1',
    });
    const kept = sessionStorage.getItem('repeatLoanPendingCheck') ?? '';
    for (const secret of [CARD_DIGITS, CVV]) {
      expect(JSON.stringify(sent.mock.calls)).not.toContain(secret);
      expect(kept).not.toContain(secret);
    }
    cleanup();

    // Back from the bank: the same request, under the same key, goes on to e-sign.
    answer = async () => ({ appStatusID: AppStatus.esignSent, appGuid: GUID, redirectUrl: null });
    render(
      <MemoryRouter initialEntries={['/borrow/apply?z2=0&z3=&trxId=trx-1']}>
        <Routes>
          <Route path="/borrow/apply" element={<ApplyPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    await waitFor(() => expect(where()).toBe(`/loan/stage5/${GUID}`));
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent.mock.calls[1]![0]).toEqual(first);
    expect(sessionStorage.getItem('repeatLoanPendingCheck')).toBeNull();
  });
});
