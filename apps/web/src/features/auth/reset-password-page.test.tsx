import { passwordRequirements } from '@lender/contract/rules/password-rules';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import { queryClient } from '../../lib/query';
import { Component as ResetPasswordPage } from './reset-password-page';
import { Where } from '../../testing/where';
import { answerCalls } from '../../testing/answer-calls';
import { clearSession, getItem, hasSession, storeTokens } from '../../lib/session';
import { summaryMessages } from '../../testing/error-summary';

const TOKEN = 'q9Vd2kLm4Xw7Rt1Zb8Ny3Hc6Jp0Fs5Ge';
let sent: unknown[];
let failure: unknown;

beforeEach(() => {
  sent = [];
  failure = null;
  answerCalls({
    changePasswordByGuid: (input) => {
      sent.push(input);
      if (failure) throw failure;
      return { token: 'A1', refreshToken: 'R1', appStatusID: 0, appGuid: null, isLegal: false };
    },
    getAccountDetails: () => ({ personalDetails: { firstName: 'Rowan', lastName: 'Ash' } }),
  });
});

afterEach(() => {
  queryClient.clear();
  clearSession();
});

function visit() {
  render(
    <MemoryRouter initialEntries={[`/reset-password/${TOKEN}`]}>
      <Routes>
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function choose(user: UserEvent, password: string, again = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), again);
  await user.click(screen.getByRole('button', { name: 'RESET' }));
}

const summaryLines = async () => {
  const summary = await screen.findByRole('alert', { name: 'There is a problem' });
  return summaryMessages(summary);
};
const errorBanner = async () =>
  (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'))?.textContent;

describe('Reset password', () => {
  it('asks for the new password twice, with every rule the server applies as a hint under the label', () => {
    visit();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset Password');
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm password').getAttribute('autocomplete')).toBe('new-password');
    const hint = document.getElementById(password.getAttribute('aria-describedby')!.split(' ')[0]!);
    const rules = [...(hint?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(rules).toEqual(passwordRequirements({ changing: false }));
    expect(rules.join(' ')).toContain('not a commonly used password');
    expect(screen.getByRole('button', { name: 'Show new password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show password confirmation' })).toBeTruthy();
  });

  it("refuses a password outside the rule and a confirmation that differs, in the spec's words", async () => {
    const user = visit();
    await choose(user, 'short');
    expect(await summaryLines()).toEqual([
      'Minimum 6 characters, with atleast 1 capital letter and 1 number.',
    ]);
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await choose(user, 'Kestrel42', 'Kestrel43');
    expect(await summaryLines()).toEqual(['The passwords you entered do not match']);
    expect(sent).toEqual([]);
  });

  it("sends the link's token with the new password, says 'Password Change Successful!' and signs in", async () => {
    const user = visit();
    await choose(user, 'Kestrel42');
    expect(sent).toEqual([{ guid: TOKEN, newPassword: 'Kestrel42' }]);
    const done = await screen.findByRole('heading', { name: 'Password Change Successful!' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'RESET' })).toBeNull();
    // The reset proved the mailbox: the session it opened is kept (issue 26).
    expect(hasSession()).toBe(true);
    expect(getItem('token')).toBe('A1');
    await user.click(screen.getByRole('link', { name: 'Continue to your account' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/borrow');
  });

  it('is for signed-out visitors: one signed in on arrival goes to borrow', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    visit();
    expect((await screen.findByTestId('where')).textContent).toBe('/borrow');
  });

  it("says 'Reset password failed.' with the server's reason for a used or expired link, and offers a new one", async () => {
    failure = new ApiCallError(
      {
        errorID: 231,
        errorMessage: 'This link has expired or has already been used. Please ask for a new one.',
      },
      200,
    );
    const user = visit();
    await choose(user, 'Kestrel42');
    expect(await errorBanner()).toBe(
      'Reset password failed. This link has expired or has already been used. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('heading', { name: 'Password Change Successful!' })).toBeNull();
  });

  it("says only 'Reset password failed.' when there is no reason of the server's to add", async () => {
    failure = new ApiCallError({ errorID: 100, errorMessage: 'Error Occured' }, 0);
    const user = visit();
    await choose(user, 'Kestrel42');
    expect(await errorBanner()).toBe('Reset password failed.');
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
  });

  it('puts the server’s refusal of a too common password on the New password field', async () => {
    failure = new ApiCallError({ errorID: 400, errorMessage: 'x' }, 400, {
      fields: { newPassword: 'This password is too easy to guess. Please choose a less common one.' },
    });
    const user = visit();
    await choose(user, 'Password1');
    expect(await summaryLines()).toEqual([
      'This password is too easy to guess. Please choose a less common one.',
    ]);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Reset password failed.')).toBeNull();
  });
});
