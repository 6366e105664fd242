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
} from '../../testing/account';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

async function open() {
  const user = renderAccount('/account/change-mobile');
  await screen.findByRole('heading', { level: 2, name: 'Change Mobile' });
  return user;
}
async function change(user: UserEvent, mobile: string) {
  await user.type(screen.getByLabelText('New mobile number'), mobile);
  await user.click(screen.getByRole('button', { name: 'Change Mobile' }));
}

describe('Change mobile', () => {
  it('shows the existing number read-only', async () => {
    accountApi();
    await open();
    const existing = screen.getByLabelText('Existing mobile number');
    expect(existing).toHaveProperty('value', '07123456789');
    expect(existing).toHaveProperty('readOnly', true);
  });

  it('sends the new number, says it changed, and the held details show it without asking again', async () => {
    const api = accountApi({ [PATH.changeMobile]: () => ({}) });
    const user = await open();
    await change(user, '07999 888 777');
    const heading = await screen.findByRole('heading', { name: 'Mobile changed successfully.' });
    expect(document.activeElement).toBe(heading);
    expect(api.to(PATH.changeMobile).map((r) => r.body)).toEqual(['07999888777']);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('07999888777')).toBeTruthy();
    expect(screen.queryByText('07123456789')).toBeNull();
    expect(api.to(PATH.details)).toHaveLength(1);
  });

  it("checks the number with the spec's messages before sending", async () => {
    const api = accountApi({ [PATH.changeMobile]: () => ({}) });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Change Mobile' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(Msg.mobileRequired);
    await change(user, '0811111111');
    await waitFor(() => expect(summary.textContent).toContain(Msg.mobileFormat));
    expect(screen.getByLabelText('New mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(api.to(PATH.changeMobile)).toHaveLength(0);
  });

  it("says 'Changing mobile failed.' with the server's reason when another account has the number (205)", async () => {
    accountApi({
      [PATH.changeMobile]: () => ({
        errorID: ErrorId.mobileAlreadyRegistered,
        errorMessage: 'This mobile number is registered to another account.',
      }),
    });
    const user = await open();
    await change(user, '07999888777');
    const banner = await failureBanner();
    expect(banner?.textContent).toBe(
      'Changing mobile failed. This mobile number is registered to another account.',
    );
    expect(document.activeElement).toBe(banner);
  });

  it("says 'Changing mobile failed.' alone for any other refusal, and keeps the held number", async () => {
    accountApi({ [PATH.changeMobile]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    const user = await open();
    await change(user, '07999888777');
    expect((await failureBanner())?.textContent).toBe('Changing mobile failed.');
    expect(screen.getByLabelText('Existing mobile number')).toHaveProperty('value', '07123456789');
  });

  it('puts a server message about the number on the new number field (HTTP 400)', async () => {
    accountApi({
      [PATH.changeMobile]: () => ({
        status: 400,
        errorID: ErrorId.validation,
        // A bare-string body's message is keyed '_' (apps/api/src/plugins/envelope.ts).
        object: { fields: { _: Msg.mobileFormat } },
      }),
    });
    const user = await open();
    await change(user, '07999888777');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(Msg.mobileFormat);
    expect(screen.getByLabelText('New mobile number').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the password again when the sign-in is not fresh, then makes the change (issue 26)', async () => {
    let confirmed = false;
    const api = accountApi({
      [PATH.changeMobile]: () =>
        confirmed
          ? {}
          : {
              errorID: ErrorId.passwordConfirmationNeeded,
              errorMessage: 'For your security, please enter your password again to make this change.',
            },
      [PATH.confirmPassword]: (body) => {
        confirmed = (body as { password: string }).password === 'Kestrel-Orchard-31';
        return confirmed ? {} : { errorID: ErrorId.wrongPassword, errorMessage: 'x' };
      },
    });
    const user = await open();
    await change(user, '07999888777');
    const heading = await screen.findByRole('heading', { name: 'Confirm it is you' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.type(screen.getByLabelText('Your password'), 'Wrong-Guess-1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await failureBanner())?.textContent).toBe('That password is not right. Please try again.');
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Kestrel-Orchard-31');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Mobile changed successfully.' })).toBeTruthy();
    // Refused once for the password, made once after it; the wrong password retried nothing.
    expect(api.to(PATH.changeMobile).map((r) => r.body)).toEqual(['07999888777', '07999888777']);
  });
});
