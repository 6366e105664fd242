import { cardRefusalText } from '@lender/contract/card-refusals';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import {
  frameOf,
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
import type { TokenisedCard } from '../../lib/card-check/tokenise-card';
import { queryClient } from '../../lib/query';
import { answerCalls } from '../../testing/answer-calls';
import { Where } from '../../testing/where';
import { NO_LOAN_STATE, createScheduleSummary } from '../../testing/borrow';
import type { ScheduleSummary } from './get-schedule-summary';
import { Component as SchedulePage } from './schedule-page';
import { Component as UpdateCardPage } from './update-card-page';
import { summaryMessages } from '../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;

/** A refused card's banner: the words of its code, then the 'Try again' button. */
const refusedWithTryAgain = (z2: string) => `${cardRefusalText(z2)}Try again`;

const PENDING_KEY = 'addCardPendingCheck';

let tokenise: TokenisedCard;
let framePosts: HTMLFormElement[];
let schedule: Partial<ScheduleSummary>;
/** Each AddCreditCard call with what session storage held while it was under way. */
let added: { payload: unknown; stored: string }[];
let addAnswer: () => Promise<unknown>;

const answerProvider = providerFetch(() => tokenise);
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => answerProvider(url));

function renderPage(query = '') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/borrow/update-card${query}`]}>
      <Routes>
        <Route path="/borrow/update-card" element={<UpdateCardPage />} />
        <Route path="/borrow/schedule" element={<SchedulePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}
const where = () => screen.getByTestId('where').textContent;

const addCard = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Add card' }));

const pendingOnArrival = {
  creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
  address: null,
  pKey: 'key-1',
  trxId: 'trx-1',
  isSignature: false,
};

const refuse = (errorID: number, errorMessage: string) => async () => {
  throw new ApiCallError({ errorID, errorMessage }, 200);
};

beforeEach(() => {
  quietFrameLoading();
  fetchMock.mockClear();
  framePosts = recordFramePosts();
  tokenise = { ...tokenised };
  schedule = { blocked: true };
  added = [];
  addAnswer = async () => ({ redirectUrl: null, nextCollection: { date: '2026-12-16', amount: 150.19 } });
  api = answerCalls(
    {
      getScheduleSummary: () => createScheduleSummary(schedule),
      // The schedule these pages return to reads the loan's state (its 'Re schedule').
      getLoanState: () => NO_LOAN_STATE,
      addCreditCard: (input) => {
        added.push({ payload: input, stored: JSON.stringify({ ...sessionStorage }) });
        return addAnswer();
      },
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

describe('Add a card', () => {
  it('says what the authority will collect, and when, before the card is added (issue 45)', async () => {
    schedule = {
      blocked: true,
      nextInstalment: { date: '2026-11-16', amount: 150.19, collectOn: '2026-11-28' },
    };
    renderPage();
    expect(
      await screen.findByText(
        'When you add this card, we will collect your overdue repayment of £150.19 from it tonight, 28-11-2026, and each later repayment on its date.',
      ),
    ).toBeTruthy();
    expect(added).toHaveLength(0);
    cleanup();
    queryClient.clear();
    schedule = { nextInstalment: { date: '2026-12-16', amount: 150.19, collectOn: '2026-12-16' } };
    renderPage();
    expect(
      await screen.findByText(
        'When you add this card, we will collect your next repayment of £150.19 from it on 16-12-2026, and each later repayment on its date.',
      ),
    ).toBeTruthy();
    cleanup();
    queryClient.clear();
    schedule = { nextInstalment: null };
    renderPage();
    await screen.findByLabelText('Card number');
    expect(screen.queryByText(/^When you add this card/)).toBeNull();
  });

  it('names the card on file by its last four digits (issue 45)', async () => {
    renderPage();
    expect(
      await screen.findByText('The card on file ends in 4242. The new card replaces it for your repayments.'),
    ).toBeTruthy();
  });

  it("lists the spec's card messages on an empty Add card and sends nothing", async () => {
    const user = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a card' })).toBeTruthy();
    await screen.findByLabelText('Card number');
    await addCard(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please enter a valid card number.',
      'Please enter a valid security code.',
      'Please enter your name on card.',
      'Please enter a valid expiry date.',
    ]);
    expect(document.activeElement).toBe(summary);
    expect(added).toHaveLength(0);
  });

  it('checks the card with the provider only, adds its summary, and says when it will next be charged', async () => {
    tokenise = { ...tokenised, fingerprintUrl: `${PROVIDER}/fingerprint` };
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    await waitFor(() => expect(framePosts).toHaveLength(1));
    frameOf(framePosts[0] as HTMLFormElement)?.dispatchEvent(new Event('load'));

    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(added.map((a) => a.payload)).toEqual([{ ...pendingOnArrival, isSignature: true }]);
    const notice = await screen.findByRole('status');
    expect([...notice.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Card has been added successfully',
      'Your next repayment of £150.19 will be collected from this card on 16-12-2026.',
    ]);
    const everythingSent = JSON.stringify(api.sent);
    for (const secret of [CARD_DIGITS, CVV]) {
      expect(everythingSent).not.toContain(secret);
      expect(added[0]?.stored).not.toContain(secret);
    }
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('says only the success when nothing is left to collect', async () => {
    addAnswer = async () => ({ redirectUrl: null, nextCollection: null });
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Card has been added successfully');
  });

  it('sends a billing address when the card address is not the home address', async () => {
    const user = renderPage();
    await fillCard(user);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA');
    await user.type(screen.getByLabelText(/^House number/), '10');
    await user.type(screen.getByLabelText(/^Street/), 'Downing Street');
    await user.type(screen.getByLabelText(/^Town/), 'London');
    await addCard(user);
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]?.payload).toMatchObject({
      address: { postCode: 'SW1A 2AA', houseNumber: '10', country: 'United Kingdom', isHomeAddress: false },
    });
  });

  it("sends the browser to the bank's challenge, keeping the request without the number or code", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    addAnswer = async () => ({ redirectUrl: `${PROVIDER}/challenge?trxId=trx-1`, nextCollection: null });
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}/challenge?trxId=trx-1`));
    expect(JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null')).toEqual(pendingOnArrival);
    const stored = JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain(CARD_DIGITS);
    expect(stored).not.toContain(CVV);
  });

  it('back from a passed challenge: sends the same request again and goes to the schedule', async () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pendingOnArrival));
    renderPage('?z2=0&z3=&trxId=trx-1');
    await waitFor(() => expect(where()).toBe('/borrow/schedule'));
    expect(added.map((a) => a.payload)).toEqual([pendingOnArrival]);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect((await screen.findByRole('status')).textContent).toContain('Card has been added successfully');
  });

  it("back from a failed challenge: shows the bank's words and keeps the form for another card", async () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pendingOnArrival));
    addAnswer = refuse(ErrorId.cardDeclined, 'Your bank could not confirm the check.');
    renderPage('?z2=05&z3=Authentication%20failed.&trxId=trx-1');
    const banner = await screen.findByRole('alert');
    // The bank's 05 in plain words with the next step, never its own text (issue 31).
    await waitFor(() => expect(banner.textContent).toBe(refusedWithTryAgain('05')));
    // The bank's answer leaves the address as a router transition, which may render after the banner.
    await waitFor(() => expect(where()).toBe('/borrow/update-card'));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
  });

  it("shows a declined card's text, takes focus there, and clears the CVV", async () => {
    addAnswer = refuse(ErrorId.cardDeclined, cardRefusalText('05'));
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(refusedWithTryAgain('05'));
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByLabelText('CVV2')).toHaveProperty('value', '');
    // Try again: back to the card number, for another card.
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(where()).toBe('/borrow/update-card');
  });

  it('says an expired card with its link, which takes the customer to the card number here', async () => {
    addAnswer = refuse(ErrorId.cardExpired, Refusal.cardExpired.errorMessage);
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Card Expired. Please update your card here.');
    const link = within(banner).getByRole('link', { name: 'update your card here' });
    expect(link.getAttribute('href')).toBe('/borrow/update-card');
    await user.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
  });

  it('says the card provider is unavailable in its own words', async () => {
    addAnswer = refuse(ErrorId.cardCheckUnavailable, Refusal.cardCheckUnavailable.errorMessage);
    const user = renderPage();
    await fillCard(user);
    await addCard(user);
    expect((await screen.findByRole('alert')).textContent).toBe(Refusal.cardCheckUnavailable.errorMessage);
  });

  it.each([
    ['not paid out', { fundedDate: null }],
    ['repaid', { settledDate: '2027-01-16' }],
  ])('has no card to change for a loan %s', async (_, loan) => {
    schedule = loan;
    renderPage();
    expect(await screen.findByText(Refusal.noLoanForCard.errorMessage)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your repayment schedule' }).getAttribute('href')).toBe(
      '/borrow/schedule',
    );
  });
});
