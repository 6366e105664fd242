import { AppStatus } from '@lender/contract/status';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnonymousOnly, SignedInOnly } from '../../app/guards';
import { ApiCallError, callApi } from '../../lib/api-client';
import { queryClient } from '../../lib/query';
import { getItem, hasSession } from '../../lib/session';
import { Component as LoginPage } from './login-page';
import { Where } from '../../testing/where';
import { answerCalls } from '../../testing/answer-calls';
import { signingTokenFor } from '../../lib/signing-link';
import { summaryMessages } from '../../testing/error-summary';

// Only the network is replaced (testing/answer-calls.ts); callApi is the real one, watched for the options
// a call is made with (the account details fetched quietly after a login, without leaving the page).
vi.mock(import('../../lib/api-client'), async (original) => {
  const client = await original();
  return { ...client, callApi: vi.fn(client.callApi) as typeof client.callApi };
});

let api: ReturnType<typeof answerCalls>;

const APP_GUID = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';
const DETAILS = { personalDetails: { firstName: 'Ann', lastName: 'Lee', birthDate: '1990-01-01' } };
type Answer = {
  token: string;
  refreshToken: string;
  appStatusID: number;
  appGuid: string | null;
  isLegal: boolean;
};
let answer: Answer;
/** The access token each Register/EsignLink was sent with. */
let esignLinkTokens: (string | undefined)[];
let logins: unknown[];
let loginFailure: unknown;
let detailsFailure: unknown;

beforeEach(() => {
  answer = {
    token: 'T1',
    refreshToken: 'R1',
    appStatusID: AppStatus.leadDeclined,
    appGuid: null,
    isLegal: false,
  };
  logins = [];
  loginFailure = null;
  detailsFailure = null;
  esignLinkTokens = [];
  api = answerCalls({
    login: (input) => {
      logins.push(input);
      if (loginFailure) throw loginFailure;
      return answer;
    },
    getAccountDetails: () => {
      if (detailsFailure) throw detailsFailure;
      return DETAILS;
    },
    esignLink: (_input, call) => {
      esignLinkTokens.push(call.headers.authorization?.replace(/^Bearer /, ''));
      return { appGuid: APP_GUID, signingToken: 'S1' };
    },
    logout: () => null,
  });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The login screens behind their real guard, as in app/routes.tsx, and the places a login leads. */
function visit(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AnonymousOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/login-returning-customers" element={<LoginPage />} />
          <Route path="/login-discount" element={<LoginPage />} />
          <Route path="/loan/stage5/:appGuid" element={<Where />} />
        </Route>
        <Route element={<SignedInOnly />}>
          <Route path="/borrow" element={<Where />} />
          <Route path="/pre-claim" element={<Where />} />
          <Route path="/loan/pre-approved" element={<Where />} />
          <Route path="/loan/stage2" element={<Where />} />
          <Route path="/loan/stage3" element={<Where />} />
          <Route path="/loan/stage4" element={<Where />} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function logIn(user: UserEvent, button = 'Login') {
  await user.type(screen.getByLabelText('E-mail'), 'Ann@Example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret12');
  await user.click(screen.getByRole('button', { name: button }));
}

const landedOn = async () => (await screen.findByTestId('where')).textContent;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const errorBanner = async () =>
  (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'))?.textContent;

describe('the three login headings', () => {
  it("welcomes on /login, with 'Login' and no eligibility note", () => {
    visit('/login');
    expect(heading()).toBe('Welcome to Your Account');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText('Verifying your eligibility will not affect your credit score')).toBeNull();
  });

  it.each(['/login-returning-customers', '/login-discount'])(
    'offers the default 20%% discount on %s, with its button and note',
    (path) => {
      visit(path);
      expect(heading()).toBe('Claim Your Special 20% Discount!');
      expect(screen.getByRole('button', { name: 'Check my eligibility!' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
      expect(screen.getByText('Verifying your eligibility will not affect your credit score')).toBeTruthy();
    },
  );

  it.each([
    ['?percent=35', 35],
    ['?percent=5', 5],
    ['?percent=0', 20],
    ['?percent=abc', 20],
    ['?percent=2.5', 20],
    ['?percent=-10', 20],
    ['?percent=', 20],
  ])('takes the percent from a non-zero whole number in the query (%s -> %i%%)', (query, percent) => {
    visit(`/login-discount${query}`);
    expect(heading()).toBe(`Claim Your Special ${percent}% Discount!`);
  });

  it('labels its fields for people and password managers, and links to the reset flow', () => {
    visit('/login');
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the password on request and hides it again', async () => {
    const user = visit('/login');
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByText('Your password is visible')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});

describe('checking what was typed', () => {
  it("asks for both in the spec's words and sends nothing", async () => {
    const user = visit('/login');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([
      'Please provide a valid email address.',
      'Please provide a password.',
    ]);
    expect(logins).toEqual([]);
  });
});

describe('a successful login', () => {
  it('stores the session and the user name, greets by first name and goes to borrow by default', async () => {
    const user = visit('/login');
    await logIn(user);
    expect(await landedOn()).toBe('/borrow');
    expect(logins).toEqual([{ userName: 'ann@example.com', password: 'Secret12' }]);
    expect(getItem('token')).toBe('T1');
    expect(getItem('refresh_token')).toBe('R1');
    expect(getItem('userName')).toBe('ann@example.com');
    expect(getItem('isLegal')).toBe('false');
    await waitFor(() => expect(getItem('firstName')).toBe('Ann'));
    expect(getItem('lastName')).toBe('Lee');
    expect(vi.mocked(callApi).mock.calls.find((c) => c[0] === 'getAccountDetails')?.[2]).toEqual({
      quiet: true,
      skipDefaultErrorHandling: true,
    });
    expect(api.to('logout')).toEqual([]);
  });

  it.each([
    [AppStatus.applicationNew, '/loan/pre-approved'],
    [AppStatus.offerAccepted, '/loan/stage2'],
    [AppStatus.cardAccepted, '/loan/stage3'],
    [AppStatus.applicationCompleted, '/loan/stage4'],
  ])('resumes the application at its mapped route (status %i -> %s)', async (status, path) => {
    answer = { ...answer, appStatusID: status, appGuid: APP_GUID };
    const user = visit('/login-discount');
    await logIn(user, 'Check my eligibility!');
    expect(await landedOn()).toBe(path);
    expect(hasSession()).toBe(true);
  });

  it.each([AppStatus.esignSent, AppStatus.offerSent])(
    'sends an application waiting for its signature (status %i) to e-sign without keeping the session',
    async (status) => {
      answer = { ...answer, appStatusID: status, appGuid: APP_GUID, isLegal: true };
      const user = visit('/login?state=preClaim');
      await logIn(user);
      expect(await landedOn()).toBe(`/loan/stage5/${APP_GUID}`);
      expect(hasSession()).toBe(false);
      expect(getItem('userName')).toBeNull();
      // The session the login opened is exchanged for a signing link of this browser's own, then ended
      // on the server, not left unused.
      expect(esignLinkTokens).toEqual([answer.token]);
      expect(signingTokenFor(APP_GUID)).toBe('S1');
      await waitFor(() => expect(api.names()).toEqual(['login', 'esignLink', 'logout']));
      expect(api.to('logout').map((c) => [c.input, c.keepalive])).toEqual([['R1', true]]);
    },
  );

  it('takes a legal-flagged account that came for the pre-claim area there', async () => {
    answer = { ...answer, appStatusID: AppStatus.cardAccepted, isLegal: true };
    const user = visit('/login?state=preClaim');
    await logIn(user);
    expect(await landedOn()).toBe('/pre-claim');
    expect(getItem('isLegal')).toBe('true');
  });

  it('takes an account not flagged legal to its usual place even when it came for pre-claim', async () => {
    const user = visit('/login?state=preClaim');
    await logIn(user);
    expect(await landedOn()).toBe('/borrow');
    expect(getItem('isLegal')).toBe('false');
  });

  it('takes a legal-flagged account to borrow when it did not come for pre-claim', async () => {
    answer = { ...answer, isLegal: true };
    const user = visit('/login');
    await logIn(user);
    expect(await landedOn()).toBe('/borrow');
  });

  it('is not held up when the name cannot be fetched: the greeting just stays plain', async () => {
    detailsFailure = new ApiCallError({ errorID: 100, errorMessage: 'Error Occured' }, 500);
    const user = visit('/login');
    await logIn(user);
    expect(await landedOn()).toBe('/borrow');
    await waitFor(() => expect(api.names()).toEqual(['login', 'getAccountDetails']));
    expect(getItem('firstName')).toBeNull();
    expect(hasSession()).toBe(true);
  });
});

describe('a refused login', () => {
  it.each([
    ['a wrong e-mail or password (230)', new ApiCallError({ errorID: 230, errorMessage: 'x' }, 200)],
    ['any other error id', new ApiCallError({ errorID: 7, errorMessage: 'Something else.' }, 200)],
    ['no answer at all', new ApiCallError({ errorID: 100, errorMessage: 'Error Occured' }, 0)],
  ])("says 'Login failed. Check your login details.' for %s and keeps the visitor here", async (_, err) => {
    loginFailure = err;
    const user = visit('/login');
    await logIn(user);
    expect(await errorBanner()).toBe('Login failed. Check your login details.');
    await waitFor(() => expect(document.activeElement?.classList.contains('banner--error')).toBe(true));
    expect(heading()).toBe('Welcome to Your Account');
    expect(hasSession()).toBe(false);
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'Ann@Example.com');
  });

  it("shows the server's words when there were too many attempts (429)", async () => {
    loginFailure = new ApiCallError(
      { errorID: 429, errorMessage: 'Too many failed logins. Please wait a few minutes and try again.' },
      429,
    );
    const user = visit('/login');
    await logIn(user);
    expect(await errorBanner()).toBe('Too many failed logins. Please wait a few minutes and try again.');
    expect(hasSession()).toBe(false);
  });

  it('clears the message when the next attempt succeeds', async () => {
    loginFailure = new ApiCallError({ errorID: 230, errorMessage: 'x' }, 200);
    const user = visit('/login');
    await logIn(user);
    expect(await errorBanner()).toBe('Login failed. Check your login details.');
    loginFailure = null;
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await landedOn()).toBe('/borrow');
  });
});
