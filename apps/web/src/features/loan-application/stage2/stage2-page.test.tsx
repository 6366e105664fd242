import { cardRefusalText } from '@lender/contract/card-refusals';
import { Msg } from '@lender/contract/rules/messages';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query';
import {
  frameOf,
  quietFrameLoading,
  recordFramePosts,
  CARD_DIGITS,
  CARD_NUMBER,
  CVV,
  PROVIDER,
  fillCard,
  nextYear,
  providerFetch,
  tokenised,
} from '../../../testing/card-check';
import { Component } from './stage2-page';
import type { TokenisedCard } from '../../../lib/card-check/tokenise-card';
import { Where } from '../../../testing/where';
import { answerCalls } from '../../../testing/answer-calls';
import { summaryMessages } from '../../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;

/** The server's words for the provider's 05 (issue 31). */
const DECLINED = cardRefusalText('05');

let tokenise: TokenisedCard;
let framePosts: HTMLFormElement[];
/** Each submitStage2 call with what session storage held while it was under way. */
let submissions: { payload: unknown; stored: string }[];
let stage2Answer: () => Promise<unknown>;

const answerProvider = providerFetch(() => tokenise);
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => answerProvider(url));
const tokeniseCalls = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/tokenise'));

function renderStage2(query = '') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/loan/stage2${query}`]}>
      <Routes>
        <Route path="/loan/stage2" element={<Component />} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}
const where = () => screen.getByTestId('where').textContent;

const next = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Next' }));

const pendingOnArrival = {
  creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
  address: null,
  pKey: 'key-1',
  trxId: 'trx-1',
  isSignature: true,
};

beforeEach(() => {
  quietFrameLoading();
  fetchMock.mockClear();
  framePosts = recordFramePosts();
  tokenise = { ...tokenised };
  submissions = [];
  stage2Answer = async () => ({ appStatusID: 5, appGuid: null, redirectUrl: null });
  api = answerCalls(
    {
      getApplicationStatus: () => ({ appStatusID: 3, appGuid: null, isEnd: false }),
      submitStage2: (input) => {
        submissions.push({ payload: input, stored: JSON.stringify({ ...sessionStorage }) });
        return stage2Answer();
      },
      esignLink: () => ({ appGuid: 'b7f9c1de-0000-4000-8000-000000000001', signingToken: 'S2' }),
    },
    fetchMock,
  );
});

afterEach(() => {
  // Unmounted first: a mounted page would refetch what the cleared cache held, past the stubbed fetch.
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Stage 2, Debit Card Check', () => {
  it("lists the spec's messages on an empty Next and sends nothing", async () => {
    const user = renderStage2();
    expect(await screen.findByRole('heading', { level: 1, name: 'Debit Card Check' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    await screen.findByLabelText('Card number');
    await next(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please enter a valid card number.',
      'Please enter a valid security code.',
      'Please enter your name on card.',
      'Please enter a valid expiry date.',
    ]);
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(tokeniseCalls()).toHaveLength(0);
    expect(submissions).toHaveLength(0);
  });

  it('shows the billing block on No, applies its rules, and drops it again on Yes', async () => {
    const user = renderStage2();
    await fillCard(user);
    expect(screen.queryByLabelText('Post code')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByLabelText('Post code').getAttribute('autocomplete')).toBe('billing postal-code');
    await next(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please enter a valid post code',
      'Please enter your billing address',
    ]);
    // Yes takes the block and its messages away.
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByLabelText('Post code')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA');
    await user.type(screen.getByLabelText('Street'), 'Downing Street');
    await user.type(screen.getByLabelText('Town/City'), 'London');
    await next(user);
    await waitFor(() =>
      expect(summaryMessages(screen.getByRole('alert'))).toEqual([
        'Please enter your flat number, building name or house number',
      ]),
    );
    expect(tokeniseCalls()).toHaveLength(0);

    await user.type(screen.getByLabelText('House number'), '10');
    await next(user);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]?.payload).toMatchObject({
      address: {
        autoAddress: false,
        postCode: 'SW1A 2AA',
        houseNumber: '10',
        street: 'Downing Street',
        town: 'London',
        country: 'United Kingdom',
        isHomeAddress: false,
      },
    });
  });

  it('sends the card to the provider only: our API and session storage never see the number or CVV', async () => {
    tokenise = { ...tokenised, fingerprintUrl: `${PROVIDER}/fingerprint` };
    const user = renderStage2();
    await fillCard(user);
    await next(user);

    // The fingerprint frame answers in time.
    await waitFor(() => expect(framePosts).toHaveLength(1));
    frameOf(framePosts[0] as HTMLFormElement)?.dispatchEvent(new Event('load'));
    await waitFor(() => expect(where()).toBe('/loan/stage3'));

    const [, init] = tokeniseCalls()[0] as [string, RequestInit];
    const sent = Object.fromEntries(init.body as URLSearchParams);
    expect(sent).toMatchObject({ cardNumber: CARD_DIGITS, csv: CVV, expMonth: '03' });
    expect(sent.expYear).toBe(String(nextYear).slice(2));

    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.payload).toEqual({
      creditCard: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: nextYear },
      address: null,
      pKey: 'key-1',
      trxId: 'trx-1',
      isSignature: true,
    });
    const everythingSent = JSON.stringify(api.sent);
    const storedDuringCall = submissions[0]?.stored ?? '';
    expect(storedDuringCall).toContain('key-1');
    for (const secret of [CARD_DIGITS, CVV]) {
      expect(everythingSent).not.toContain(secret);
      expect(storedDuringCall).not.toContain(secret);
    }
    expect(sessionStorage.length).toBe(0);
  });

  it('words a z2 other than "0" from tokenisation plainly, not its z3, and goes no further', async () => {
    tokenise = { ...tokenised, z2: '14', z3: 'Invalid card number.', key: null, trxId: null };
    const user = renderStage2();
    await fillCard(user);
    await next(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(`${cardRefusalText('14')}Try again`);
    expect(submissions).toHaveLength(0);
    expect(framePosts).toHaveLength(0);
  });

  it('sends the browser to the bank when the answer carries a challenge, keeping the submission', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stage2Answer = async () => ({
      appStatusID: 3,
      appGuid: null,
      redirectUrl: `${PROVIDER}/challenge/trx-1`,
    });
    const user = renderStage2();
    await fillCard(user);
    await next(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}/challenge/trx-1`));
    const stored = JSON.stringify({ ...sessionStorage });
    expect(JSON.parse(sessionStorage.getItem('stage2PendingCheck') ?? 'null')).toEqual({
      ...pendingOnArrival,
      isSignature: false,
    });
    expect(stored).not.toContain(CARD_DIGITS);
    expect(stored).not.toContain(CVV);
    expect(where()).toBe('/loan/stage2');
  });

  it('back from a failed challenge: sends the pending submission again and shows z3', async () => {
    sessionStorage.setItem('stage2PendingCheck', JSON.stringify(pendingOnArrival));
    stage2Answer = async () => {
      throw new ApiCallError({ errorID: 212, errorMessage: 'Card check failed.' }, 200);
    };
    renderStage2('?z2=05&z3=Authentication%20failed.&trxId=trx-1');
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(banner.textContent).toBe(`${cardRefusalText('05')}Try again`));
    expect(submissions.map((s) => s.payload)).toEqual([pendingOnArrival]);
    expect(sessionStorage.getItem('stage2PendingCheck')).toBeNull();
    // The bank's answer leaves the address as a router transition, which may render after the banner.
    await waitFor(() => expect(where()).toBe('/loan/stage2'));
    // The form is there to try another card.
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('back from a passed challenge: the server confirms it and the applicant goes on', async () => {
    sessionStorage.setItem('stage2PendingCheck', JSON.stringify(pendingOnArrival));
    renderStage2('?z2=0&z3=&trxId=trx-1');
    await waitFor(() => expect(where()).toBe('/loan/stage3'));
    expect(submissions.map((s) => s.payload)).toEqual([pendingOnArrival]);
    expect(sessionStorage.getItem('stage2PendingCheck')).toBeNull();
  });

  it('shows a declined card in the banner, clears the CVV, and lets the applicant try again', async () => {
    stage2Answer = async () => {
      throw new ApiCallError({ errorID: 212, errorMessage: DECLINED }, 200);
    };
    const user = renderStage2();
    await fillCard(user);
    await next(user);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(`${DECLINED}Try again`);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByLabelText('CVV2')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Card number')).toHaveProperty('value', CARD_NUMBER);
    expect(sessionStorage.getItem('stage2PendingCheck')).toBeNull();

    stage2Answer = async () => ({ appStatusID: 5, appGuid: null, redirectUrl: null });
    await next(user);
    expect(await screen.findByText('Please enter a valid security code.', { selector: 'a' })).toBeTruthy();
    await user.type(screen.getByLabelText('CVV2'), CVV);
    await next(user);
    await waitFor(() => expect(where()).toBe('/loan/stage3'));
    expect(tokeniseCalls()).toHaveLength(2);
  });

  it('a card check the server ends in e-sign signs out and goes to e-sign', async () => {
    localStorage.setItem('token', 'access-token');
    stage2Answer = async () => ({
      appStatusID: 7,
      appGuid: 'b7f9c1de-0000-4000-8000-000000000001',
      redirectUrl: null,
    });
    const user = renderStage2();
    await fillCard(user);
    await next(user);
    await waitFor(() => expect(where()).toBe('/loan/stage5/b7f9c1de-0000-4000-8000-000000000001'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('signing:b7f9c1de-0000-4000-8000-000000000001')).toBe('S2');
  });

  it('shows a stored stage-2 error once, then forgets it', async () => {
    sessionStorage.setItem('stage2Error', 'Your card has expired. Please use another card.');
    renderStage2();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Your card has expired. Please use another card.')).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('stage2Error')).toBeNull());
  });

  it('says the check could not be completed when the provider cannot be reached', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/tokenise')) throw new TypeError('Failed to fetch');
      return answerProvider(url);
    });
    const user = renderStage2();
    await fillCard(user);
    await next(user);
    expect((await screen.findByRole('alert')).textContent).toBe(`${Msg.cardCheck}Try again`);
    expect(submissions).toHaveLength(0);
  });
});
