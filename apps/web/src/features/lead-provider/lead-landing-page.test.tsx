import { cardRefusalText } from '@lender/contract/card-refusals';
import { QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import type { Dictionaries } from '@lender/contract/dictionaries';
import { ErrorId } from '@lender/contract/error-ids';
import { enableDateFor } from '@lender/contract/pricing/repayment-dates';
import { AppStatus } from '@lender/contract/status';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workingDaysInWindow } from '../../components/form/date-choice';
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
import { answerCalls } from '../../testing/answer-calls';
import { Where } from '../../testing/where';
import { Component } from './lead-landing-page';
import { summaryMessages } from '../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;

const GUID = '3f1c2a9e-7b5d-4c1e-9a2f-6d8e0b4c7a11';
const FIXED_DATE = enableDateFor(1, londonToday())!;
const DAYS = workingDaysInWindow(QUOTE_REPAYMENT_WINDOW);
const LANDED_DATE = DAYS[3] as string;
/** The server's words for the provider's 05 (issue 31), then the notice's 'Try again'. */
const DECLINED = cardRefusalText('05');

const DICTIONARIES: Dictionaries = {
  wageFrequencies: [
    { id: 1, name: 'Specific date', enableDate: FIXED_DATE },
    { id: 9, name: 'Monthly' },
  ],
};

type Landed = {
  name: string;
  amount: number;
  period: number;
  wageFrequency: number;
  repaymentDate: string;
  identityConfirmed: boolean;
};
const createLanded = (overrides: Partial<Landed> = {}): Landed => ({
  name: 'Jane',
  identityConfirmed: true,
  amount: 400,
  period: 3,
  wageFrequency: 9,
  repaymentDate: LANDED_DATE,
  ...overrides,
});

let landed: () => unknown;
let submitAnswer: () => unknown;
/** Whether a token was stored when LeadLanded was asked. */
let tokenAtLanding: (string | null)[];
let quotes: unknown[];
let submissions: unknown[];
let events: { providerID: string; eventID: number; sessionID: string; data?: string | null }[];

const figures = (amount: number) => ({
  monthlyRepayment: amount / 2,
  creditCharge: 61.25,
  totalToPay: amount + 61.25,
  apr: 986,
});

beforeEach(() => {
  quietFrameLoading();
  recordFramePosts();
  landed = () => createLanded();
  submitAnswer = () => ({
    appStatusID: AppStatus.esignSent,
    appGuid: GUID,
    redirectUrl: null,
    signingToken: 'signing-1',
    token: null,
    refreshToken: null,
  });
  tokenAtLanding = [];
  quotes = [];
  submissions = [];
  events = [];
  api = answerCalls(
    {
      leadLanded: () => {
        tokenAtLanding.push(localStorage.getItem('token'));
        return landed();
      },
      getDictionaries: () => DICTIONARIES,
      leadGetQuote: (input) => {
        quotes.push(input);
        return figures(Number(input.amount));
      },
      submitLandedLead: (input) => {
        submissions.push(input);
        return submitAnswer();
      },
      leadLandedEvent: (input) => {
        events.push(input as (typeof events)[number]);
        return null;
      },
      logout: () => null,
    },
    providerFetch(() => tokenised),
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
    <MemoryRouter initialEntries={[`/loan/lead-provider/${GUID}${query}`]}>
      <Routes>
        <Route path="/loan/lead-provider/:appGuid" element={<Component />} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}
const where = () => screen.getByTestId('where').textContent;
const greeting = () =>
  screen.findByRole('heading', { level: 1, name: 'Hello Jane, your personalised loan offer' });
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Submit' }));
const eventIds = () => events.map((e) => e.eventID);

/**
 * What a browser does on an arrow key on a range input (happy-dom moves no slider, not even by stepUp):
 * one `step` within min and max, then the input's change. The browser reads those attributes, so they
 * are what this proves; the key press itself is for the browser tests.
 */
function pressArrow(slider: HTMLInputElement, direction: 'up' | 'down') {
  const step = Number(slider.step) * (direction === 'up' ? 1 : -1);
  const next = Math.min(Number(slider.max), Math.max(Number(slider.min), Number(slider.value) + step));
  fireEvent.change(slider, { target: { value: String(next) } });
}

describe('Lead landing page', () => {
  it("greets the lead by name, says who we are, and shows the server's figures for the offer", async () => {
    renderPage();
    expect(await greeting()).toBeTruthy();
    expect(
      screen.getByText('We are a direct lender, and you have passed our initial assessment.'),
    ).toBeTruthy();
    // The landing's own choices are priced at once.
    await waitFor(() =>
      expect(quotes).toEqual([
        // A query: its values travel as the URL's strings.
        { guid: GUID, amount: '400', period: '3', repaymentDate: LANDED_DATE, wageFrequencyID: '9' },
      ]),
    );
    const monthly = await screen.findByText('Monthly repayment');
    expect(monthly.nextElementSibling?.textContent).toBe('£200.00');
    expect(screen.getByText('Total to pay').nextElementSibling?.textContent).toBe('£461.25');
    expect(screen.getByText('APR').nextElementSibling?.textContent).toBe('986.0%');
    expect(screen.getByRole('heading', { name: 'Representative example' })).toBeTruthy();
    expect(screen.getByText(/preferential terms on your next loan/)).toBeTruthy();
    expect(
      screen.getByRole('group', { name: 'Is your card address the same as your home address?' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('sends an used-up or expired link (210) to the e-sign error page, with no event', async () => {
    landed = () => {
      throw new ApiCallError({ errorID: ErrorId.leadAlreadyUsed, errorMessage: 'Link closed.' }, 200);
    };
    renderPage();
    await waitFor(() => expect(where()).toBe('/error?esign=true'));
    expect(events).toEqual([]);
  });

  it('signs out whoever was signed in before the landing is asked for', async () => {
    localStorage.setItem('token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
    renderPage();
    expect(await greeting()).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(tokenAtLanding).toEqual([null]);
    // The old session is ended on the server too.
    await waitFor(() => expect(api.to('logout').map((c) => c.input)).toEqual(['old-refresh']));
  });

  it("moves the amount slider in £50 steps and Calculate shows the server's answer", async () => {
    const user = renderPage();
    await greeting();
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Loan amount' });
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['150', '1000', '50', '400']);
    pressArrow(slider, 'up');
    pressArrow(slider, 'up');
    expect(slider.value).toBe('500');
    expect(slider.getAttribute('aria-valuetext')).toBe('£500');
    pressArrow(slider, 'down');
    expect(slider.getAttribute('aria-valuetext')).toBe('£450');
    expect(await screen.findByText(/These figures are for your previous choices/)).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of monthly instalments' }), '2');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await waitFor(() =>
      expect(screen.getByText('Monthly repayment').nextElementSibling?.textContent).toBe('£225.00'),
    );
    expect(quotes.at(-1)).toEqual({
      guid: GUID,
      amount: '450',
      period: '2',
      repaymentDate: LANDED_DATE,
      wageFrequencyID: '9',
    });
    expect(screen.queryByText(/These figures are for your previous choices/)).toBeNull();
  });

  it("locks the date to a wage frequency's preset date", async () => {
    const user = renderPage();
    await greeting();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wage frequency' }), '1');
    const date = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Repayment start date' });
    await waitFor(() => expect(date.value).toBe(FIXED_DATE));
    expect(date.disabled).toBe(true);
  });

  it("asks for a date the window offers before Calculate, with the contract's message", async () => {
    landed = () => createLanded({ repaymentDate: '2000-01-01' });
    const user = renderPage();
    await greeting();
    expect(screen.getByText('Press Calculate to see your repayments.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('Please enter next payment date')).toBeTruthy();
    expect(quotes).toEqual([]);
  });

  it.each([
    [12, '4'],
    [6, '4'],
    [0, '1'],
    [5, '5'],
  ])('clamps a loaded period of %i to %s instalments', async (period, shown) => {
    landed = () => createLanded({ period });
    renderPage();
    await greeting();
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Number of monthly instalments' }).value,
    ).toBe(shown);
  });

  it('reports loaded first, then scrolled, customerFilled and paymentFilled once each per session', async () => {
    const user = renderPage();
    await greeting();
    await waitFor(() => expect(eventIds()).toEqual([1]));
    fireEvent.scroll(window);
    fireEvent.scroll(window);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of monthly instalments' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of monthly instalments' }), '5');
    await fillCard(user);
    await user.clear(screen.getByLabelText('Name on card'));
    await user.type(screen.getByLabelText('Name on card'), 'Jane Smith');
    await waitFor(() => expect(eventIds()).toEqual([1, 2, 3, 4]));
    const [first] = events;
    expect(first).toMatchObject({ providerID: GUID, eventID: 1 });
    expect(events.every((e) => e.sessionID === first?.sessionID)).toBe(true);
    expect(first?.sessionID).toMatch(/^[0-9a-f-]{36}$/);

    // The same browser session again: nothing is counted twice.
    cleanup();
    queryClient.clear();
    const again = renderPage();
    await greeting();
    fireEvent.scroll(window);
    await again.selectOptions(screen.getByRole('combobox', { name: 'Number of monthly instalments' }), '2');
    await new Promise((r) => setTimeout(r, 20));
    expect(eventIds()).toEqual([1, 2, 3, 4]);
  });

  it('submits the card summary only, shows the e-mail-sent note and keeps no session', async () => {
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(/Application e-Sign process/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to sign now' }).getAttribute('href')).toBe(
      `/loan/stage5/${GUID}`,
    );
    expect(submissions).toEqual([
      {
        guid: GUID,
        amount: 400,
        period: 3,
        wageFrequencyID: 9,
        repaymentDate: LANDED_DATE,
        creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
        address: null,
        pKey: 'key-1',
        trxId: 'trx-1',
        isSignature: false,
      },
    ]);
    const everythingSent = JSON.stringify(api.sent);
    expect(everythingSent).not.toContain(CARD_DIGITS);
    expect(everythingSent).not.toContain(CVV);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem(`signing:${GUID}`)).toBe('signing-1');
    expect(sessionStorage.getItem('leadPendingCheck')).toBeNull();
    await waitFor(() => expect(eventIds().filter((id) => id >= 100)).toEqual([100, 200, 300, 400]));
    expect(events.at(-1)?.data).toBe(JSON.stringify({ errorID: 0, appStatusID: AppStatus.esignSent }));
  });

  it('keeps the session a lead without bank details needs and goes to stage 4', async () => {
    submitAnswer = () => ({
      appStatusID: AppStatus.leadLanded,
      appGuid: GUID,
      redirectUrl: null,
      signingToken: null,
      token: 'lead-access',
      refreshToken: 'lead-refresh',
    });
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    await waitFor(() => expect(where()).toBe('/loan/stage4'));
    expect(localStorage.getItem('token')).toBe('lead-access');
    expect(localStorage.getItem('refresh_token')).toBe('lead-refresh');
  });

  it("shows a declined card's provider text, clears the CVV and lets the lead try again", async () => {
    submitAnswer = () => {
      throw new ApiCallError({ errorID: ErrorId.cardDeclined, errorMessage: DECLINED }, 200);
    };
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(`${DECLINED}Try again`);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByLabelText('CVV2')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(where()).toBe(`/loan/lead-provider/${GUID}`);
  });

  it("thanks a declined lead (201) in the spec's words", async () => {
    submitAnswer = () => {
      throw new ApiCallError({ errorID: ErrorId.declined, errorMessage: 'Declined.' }, 200);
    };
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Thank you for your application' })).toBeTruthy();
    expect(
      screen.getByText(/we regret to inform you that we are unable to approve it at this time/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("shows 'Error Occured' for a generic failure and keeps the form", async () => {
    submitAnswer = () => {
      throw new ApiCallError({ errorID: ErrorId.generic, errorMessage: 'Database unavailable.' }, 500);
    };
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Error Occured');
  });

  it("requires every manual billing field, with the lead page's messages", async () => {
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    expect(screen.getByLabelText('County')).toBeTruthy();
    await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA');
    await submit(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please enter your flat number, building name or house number',
      'Please enter your street',
      'Please enter your town/city',
      'Please enter your county',
    ]);
    expect(submissions).toEqual([]);

    await user.type(screen.getByLabelText('House number'), '10');
    await user.type(screen.getByLabelText('Street'), 'Downing Street');
    await user.type(screen.getByLabelText('Town/City'), 'London');
    await user.type(screen.getByLabelText('County'), 'Greater London');
    await submit(user);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]).toMatchObject({
      address: {
        autoAddress: false,
        postCode: 'SW1A 2AA',
        houseNumber: '10',
        street: 'Downing Street',
        town: 'London',
        county: 'Greater London',
        country: 'United Kingdom',
        isHomeAddress: false,
      },
    });
  });

  it('goes to the bank for a challenge, and back with the success code goes on to e-sign', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    submitAnswer = () => ({
      appStatusID: AppStatus.leadLanded,
      appGuid: GUID,
      redirectUrl: `${PROVIDER}/challenge/trx-1`,
      signingToken: null,
      token: null,
      refreshToken: null,
    });
    const user = renderPage();
    await greeting();
    await fillCard(user);
    await submit(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}/challenge/trx-1`));
    const kept = sessionStorage.getItem('leadPendingCheck') ?? '';
    expect(JSON.parse(kept)).toMatchObject({ guid: GUID, trxId: 'trx-1', pKey: 'key-1' });
    expect(kept).not.toContain(CARD_DIGITS);
    expect(kept).not.toContain(CVV);

    // The bank sends the browser back: the page reloads with the answer in its query.
    cleanup();
    queryClient.clear();
    submitAnswer = () => ({
      appStatusID: AppStatus.esignSent,
      appGuid: GUID,
      redirectUrl: null,
      signingToken: 'signing-2',
      token: null,
      refreshToken: null,
    });
    renderPage('?z2=0&z3=&trxId=trx-1');
    await waitFor(() => expect(where()).toBe(`/loan/stage5/${GUID}`));
    expect(submissions).toHaveLength(2);
    expect(submissions[1]).toEqual(submissions[0]);
    expect(localStorage.getItem(`signing:${GUID}`)).toBe('signing-2');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('leadPendingCheck')).toBeNull();
    // The landing was asked for once: the return did not count another visit.
    expect(tokenAtLanding).toHaveLength(1);
  });

  it('back from a failed challenge: shows z3 and the form for another try', async () => {
    sessionStorage.setItem(
      'leadPendingCheck',
      JSON.stringify({
        guid: GUID,
        amount: 400,
        period: 3,
        wageFrequencyID: 9,
        repaymentDate: LANDED_DATE,
        creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
        address: null,
        pKey: 'key-1',
        trxId: 'trx-1',
        isSignature: false,
      }),
    );
    submitAnswer = () => {
      throw new ApiCallError({ errorID: ErrorId.cardDeclined, errorMessage: 'Card check failed.' }, 200);
    };
    renderPage('?z2=05&z3=Authentication%20failed.&trxId=trx-1');
    await greeting();
    // The bank's 05 in plain words with the next step, never its own text.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${cardRefusalText('05')}Try again`),
    );
    expect(submissions).toHaveLength(1);
    expect(sessionStorage.getItem('leadPendingCheck')).toBeNull();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });
});
