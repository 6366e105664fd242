import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountApi,
  failureBanner,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  tearDownAccountTests,
  where,
} from '../../testing/account';
import { summaryMessages } from '../../testing/error-summary';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

async function open() {
  const user = renderAccount('/account/change-password');
  await screen.findByRole('heading', { level: 2, name: 'Change Password' });
  return user;
}

async function fill(user: UserEvent, existing: string, next: string, again = next) {
  const typed: [string, string][] = [
    ['Existing password', existing],
    ['New password', next],
    ['Confirm new password', again],
  ];
  for (const [label, text] of typed) if (text) await user.type(screen.getByLabelText(label), text);
}
const press = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Change Password' }));

describe('Change password', () => {
  it("has the 'Contact Details' title, the three fields with their autocomplete, Back and Change Password", async () => {
    accountApi();
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Details');
    expect(screen.getByLabelText('Existing password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm new password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/account/contact-details');
  });

  it('sends the existing and new password only, then shows the success panel with its heading focused', async () => {
    const api = accountApi({ [PATH.changePassword]: () => ({}) });
    const user = await open();
    await fill(user, 'old secret', 'Better1pass');
    await press(user);
    const heading = await screen.findByRole('heading', { name: 'Password changed successfully.' });
    expect(document.activeElement).toBe(heading);
    expect(api.to(PATH.changePassword).map((r) => r.body)).toEqual([
      { oldPassword: 'old secret', newPassword: 'Better1pass' },
    ]);
    expect(screen.queryByLabelText('Existing password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(where()).toBe('/account/contact-details'));
  });

  it("checks the spec's rules before sending anything", async () => {
    const api = accountApi({ [PATH.changePassword]: () => ({}) });
    const user = await open();
    await fill(user, '', 'weak', 'other');
    await press(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([Msg.existingPassword, Msg.passwordRule, Msg.passwordsDiffer]);
    expect(api.to(PATH.changePassword)).toHaveLength(0);
  });

  it("says 'Changing password failed.' when the existing password is wrong (errorID 232)", async () => {
    accountApi({
      [PATH.changePassword]: () => ({ errorID: ErrorId.wrongPassword, errorMessage: 'Wrong password.' }),
    });
    const user = await open();
    await fill(user, 'not it', 'Better1pass');
    await press(user);
    const banner = await failureBanner();
    expect(banner?.textContent).toBe('Changing password failed.');
    expect(document.activeElement).toBe(banner);
    expect(screen.getByLabelText('New password')).toHaveProperty('value', 'Better1pass');
  });

  it('says the same for any other refusal', async () => {
    accountApi({
      [PATH.changePassword]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }),
    });
    const user = await open();
    await fill(user, 'old secret', 'Better1pass');
    await press(user);
    expect((await failureBanner())?.textContent).toBe('Changing password failed.');
  });

  it("shows the server's message after too many tries (HTTP 429)", async () => {
    const wait = 'Too many attempts. Please try again in 15 minutes.';
    accountApi({
      [PATH.changePassword]: () => ({ status: 429, errorID: ErrorId.tooManyRequests, errorMessage: wait }),
    });
    const user = await open();
    await fill(user, 'old secret', 'Better1pass');
    await press(user);
    expect((await failureBanner())?.textContent).toBe(wait);
    expect(where()).toBe('/account/change-password');
  });

  it('puts a common new password (HTTP 400) on the new password field', async () => {
    accountApi({
      [PATH.changePassword]: () => ({
        status: 400,
        errorID: ErrorId.validation,
        object: { fields: { newPassword: Msg.commonPassword } },
      }),
    });
    const user = await open();
    await fill(user, 'old secret', 'Password1');
    await press(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(Msg.commonPassword);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Existing password').getAttribute('aria-invalid')).toBe('false');
    expect(document.querySelector('.banner--error')).toBeNull();
  });
});
