import { ErrorId } from '@lender/contract/error-ids';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  failureBanner,
  renderAccount,
  setUpAccountTests,
  stubApi,
  tearDownAccountTests,
} from '../../testing/account';

// The build-time switch of preview mode (VITE_TEST_MODE=true).
vi.mock(import('../../lib/test-mode'), () => ({ TEST_MODE: true }));

const LISTS = {
  livedInAddress: [{ id: 1, name: 'Less than 1 year' }],
  residentalStatus: [{ id: 1, name: 'Home owner' }],
};
let api: ReturnType<typeof stubApi>;

beforeAll(setUpAccountTests);
// Only the lists the address screen shows may be asked for: no account call reaches the server.
beforeEach(() => {
  api = stubApi({ '/api/Dictionary/GetDictionaries': () => ({ object: LISTS }) });
});
afterEach(tearDownAccountTests);
const accountCalls = () => api.sent.filter((r) => r.path.startsWith('/api/Account/'));

async function changeMobile(user: UserEvent) {
  await user.type(await screen.findByLabelText('New mobile number'), '07999888777');
  await user.click(screen.getByRole('button', { name: 'Change Mobile' }));
}

describe('Account area in preview mode', () => {
  it('does not load the details and shows sample ones, signed out', async () => {
    renderAccount('/account');
    expect(await screen.findByText('ann.example@example.com')).toBeTruthy();
    expect(accountCalls()).toEqual([]);
  });

  it('previews a change screen’s failure banner from ?error=', async () => {
    const user = renderAccount('/account/change-mobile?error=1');
    await changeMobile(user);
    expect((await failureBanner())?.textContent).toBe('Changing mobile failed.');
    expect(accountCalls()).toEqual([]);
  });

  it("previews the banner of a named code with the server's kind of message (205)", async () => {
    const user = renderAccount(`/account/change-mobile?error=${ErrorId.mobileAlreadyRegistered}`);
    await changeMobile(user);
    expect((await failureBanner())?.textContent).toBe(
      'Changing mobile failed. This mobile number is already registered with another account.',
    );
  });

  it("previews change e-mail's 'Email already exists.' (?error=1)", async () => {
    const user = renderAccount('/account/change-email?error=1');
    await user.type(await screen.findByLabelText('New Email'), 'ann@new.example');
    await user.type(screen.getByLabelText('Confirm New Email'), 'ann@new.example');
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect((await failureBanner())?.textContent).toBe('Email already exists.');
    expect(accountCalls()).toEqual([]);
  });

  it.each([
    [ErrorId.wrongPassword, 'Changing password failed.'],
    [ErrorId.tooManyRequests, 'Too many requests. Please wait a few minutes and try again.'],
  ])('previews the change password failure of ?error=%i', async (code, text) => {
    const user = renderAccount(`/account/change-password?error=${code}`);
    await user.type(await screen.findByLabelText('Existing password'), 'old secret');
    await user.type(screen.getByLabelText('New password'), 'Better1pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better1pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await failureBanner())?.textContent).toBe(text);
    expect(accountCalls()).toEqual([]);
  });

  it('previews the confirm e-mail outcomes from ?error= too', async () => {
    renderAccount(`/confirm-email/some-token?error=${ErrorId.linkExpired}`);
    expect(await screen.findByText('This link has expired or has already been used.')).toBeTruthy();
    expect(accountCalls()).toEqual([]);
  });

  it('previews the address failure banner (?error=100)', async () => {
    const user = renderAccount('/account/change-address?error=100');
    await screen.findByLabelText('How long have you lived there?');
    await user.selectOptions(screen.getByLabelText('How long have you lived there?'), 'Less than 1 year');
    await user.selectOptions(screen.getByLabelText('Do you own the home?'), 'Home owner');
    await user.click(screen.getByRole('button', { name: 'Change Address' }));
    expect((await failureBanner())?.textContent).toBe('Changing address failed.');
    expect(accountCalls()).toEqual([]);
  });

  it('previews a success without ?error=, and still updates the held sample details', async () => {
    const user = renderAccount('/account/change-mobile');
    await changeMobile(user);
    expect(await screen.findByRole('heading', { name: 'Mobile changed successfully.' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('07999888777')).toBeTruthy();
    expect(accountCalls()).toEqual([]);
  });
});
