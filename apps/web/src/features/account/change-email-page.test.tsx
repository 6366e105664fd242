import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountApi,
  DETAILS,
  failureBanner,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  tearDownAccountTests,
} from '../../testing/account';
import { summaryMessages } from '../../testing/error-summary';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

async function open() {
  const user = renderAccount('/account/change-email');
  await screen.findByRole('heading', { level: 2, name: 'Change Email' });
  return user;
}

async function fill(user: UserEvent, address: string, again = address) {
  await user.type(screen.getByLabelText('New Email'), address);
  await user.type(screen.getByLabelText('Confirm New Email'), again);
}
const press = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Change Email' }));

describe('Change e-mail', () => {
  it('sends the new address as the body, says the link has been sent and reads the details again', async () => {
    let pendingEmail: string | null = null;
    const api = accountApi({
      [PATH.details]: () => ({
        object: { ...DETAILS, contactDetails: { ...DETAILS.contactDetails, pendingEmail } },
      }),
      [PATH.changeEmail]: (body) => {
        pendingEmail = body as string;
        return {};
      },
    });
    const user = await open();
    await fill(user, ' Ann@New.Example ', 'ann@new.example');
    await press(user);

    const heading = await screen.findByRole('heading', { name: 'Link has been sent.' });
    expect(document.activeElement).toBe(heading);
    expect(heading.closest('section')?.textContent).toContain(
      'Please click the verification link we sent to ann@new.example to activate your new e-mail address.',
    );
    expect(api.to(PATH.changeEmail).map((r) => r.body)).toEqual(['ann@new.example']);
    // The pending address is in the details now: contact details shows it without asking again.
    expect(api.to(PATH.details)).toHaveLength(2);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(
      await screen.findByText(/^Waiting for you to click the link we sent to ann@new.example/),
    ).toBeTruthy();
    expect(api.to(PATH.details)).toHaveLength(2);
  });

  it("checks the spec's rules before sending anything", async () => {
    const api = accountApi({ [PATH.changeEmail]: () => ({}) });
    const user = await open();
    await fill(user, 'ann@new.example', 'ann@other.example');
    await press(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([Msg.emailsDiffer]);
    await user.clear(screen.getByLabelText('New Email'));
    await press(user);
    await waitFor(() => expect(summaryMessages(summary)).toEqual([Msg.newEmail, Msg.emailsDiffer]));
    expect(api.to(PATH.changeEmail)).toHaveLength(0);
  });

  it("says 'Email already exists.' for errorID 1", async () => {
    accountApi({ [PATH.changeEmail]: () => ({ errorID: ErrorId.notFound, errorMessage: 'Taken.' }) });
    const user = await open();
    await fill(user, 'taken@example.com');
    await press(user);
    const banner = await failureBanner();
    expect(banner?.textContent).toBe('Email already exists.');
    expect(document.activeElement).toBe(banner);
  });

  it("says 'Changing email failed.' for any other errorID", async () => {
    accountApi({ [PATH.changeEmail]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    const user = await open();
    await fill(user, 'ann@new.example');
    await press(user);
    expect((await failureBanner())?.textContent).toBe('Changing email failed.');
    expect(screen.queryByRole('heading', { name: 'Link has been sent.' })).toBeNull();
  });
});
