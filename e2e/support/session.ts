import type { Page } from '@playwright/test';
import type { Tokens } from './api';

type SignInOptions = {
  /** Flags the account as legal, which opens the Pre Claim area. */
  legal?: boolean;
  firstName?: string;
  /** A real session from the API (see `startApplication`); without it the tokens are fakes. */
  tokens?: Tokens;
};

/**
 * Signs the browser in for guard and layout tests: the web app treats a token or refresh token in local
 * storage as a session. The tokens are fakes unless real ones are given; a page that calls the API with
 * fakes is answered 401 and signs the browser out. The items are written once per tab (a session-storage
 * marker), so a later Logout followed by a reload stays signed out, as it would for a person.
 */
export async function signIn(
  page: Page,
  {
    legal = false,
    firstName = 'Alex',
    tokens = { token: 'e2e-access-token', refreshToken: 'e2e-refresh-token' },
  }: SignInOptions = {},
) {
  await page.context().addInitScript(
    ({ legal, firstName, tokens }) => {
      if (sessionStorage.getItem('e2e-seeded') === 'true') return;
      sessionStorage.setItem('e2e-seeded', 'true');
      localStorage.setItem('token', tokens.token);
      localStorage.setItem('refresh_token', tokens.refreshToken);
      localStorage.setItem('firstName', firstName);
      if (legal) localStorage.setItem('isLegal', 'true');
    },
    { legal, firstName, tokens },
  );
}

/** What the app keeps in local storage for the session, read from the page. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refreshToken: localStorage.getItem('refresh_token'),
  }));
}
