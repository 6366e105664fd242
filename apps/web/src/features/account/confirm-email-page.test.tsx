import { ErrorId } from '@lender/contract/error-ids';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query';
import {
  accountApi,
  DETAILS,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  tearDownAccountTests,
  where,
  type Reply,
} from '../../testing/account';
import { accountDetailsKey } from './get-account-details';

const TOKEN = 'k3LmN0pQrStUvWxYz-123456789';

beforeAll(setUpAccountTests);
afterEach(tearDownAccountTests);

const answering = (reply: Reply) => accountApi({ [PATH.confirmEmail]: () => reply });
const linkIn = (text: string) => screen.getByText(text).closest('.banner') as HTMLElement;

describe('Confirm e-mail page', () => {
  it('sends the token once and says the address changed, with a login link when signed out', async () => {
    const api = answering({});
    renderAccount(`/confirm-email/${TOKEN}`);
    expect(await screen.findByText('Your e-mail address has been changed.')).toBeTruthy();
    expect(api.to(PATH.confirmEmail).map((r) => r.body)).toEqual([TOKEN]);
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Back to your contact details' })).toBeNull();
  });

  it('leads a signed-in customer back to contact details and drops the details held from before', async () => {
    signIn();
    answering({});
    queryClient.setQueryData(accountDetailsKey, DETAILS);
    renderAccount(`/confirm-email/${TOKEN}`);
    await screen.findByText('Your e-mail address has been changed.');
    expect(screen.getByRole('link', { name: 'Back to your contact details' }).getAttribute('href')).toBe(
      '/account/contact-details',
    );
    await waitFor(() => expect(queryClient.getQueryState(accountDetailsKey)?.isInvalidated).toBe(true));
  });

  it('says a used or expired link (231) cannot work, and how to ask again', async () => {
    answering({ errorID: ErrorId.linkExpired, errorMessage: 'Invalid link.' });
    renderAccount(`/confirm-email/${TOKEN}`);
    const text = await screen.findByText('This link has expired or has already been used.');
    const banner = text.closest('.banner') as HTMLElement;
    expect(banner.classList.contains('banner--error')).toBe(true);
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/account/change-email');
    expect(where()).toBe(`/confirm-email/${TOKEN}`);
  });

  it("says 'Email already exists.' when another account took the address meanwhile (1)", async () => {
    answering({ errorID: ErrorId.notFound, errorMessage: 'Email already exists.' });
    renderAccount(`/confirm-email/${TOKEN}`);
    expect(await screen.findByText('Email already exists.')).toBeTruthy();
    expect(linkIn('Email already exists.').querySelector('a')?.getAttribute('href')).toBe(
      '/account/change-email',
    );
  });

  it('takes a malformed token (HTTP 400) for a link that cannot work', async () => {
    answering({ status: 400, errorID: ErrorId.validation, object: { fields: { _: 'Invalid link.' } } });
    renderAccount('/confirm-email/x');
    expect(await screen.findByText('This link has expired or has already been used.')).toBeTruthy();
  });
});
