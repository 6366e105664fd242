import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import { queryClient } from '../../lib/query';
import { Component as ForgotPasswordPage } from './forgot-password-page';
import { Where } from '../../testing/where';
import { answerCalls } from '../../testing/answer-calls';
import { summaryMessages } from '../../testing/error-summary';

let sent: unknown[];
let failure: unknown;

beforeEach(() => {
  sent = [];
  failure = null;
  answerCalls({
    forgotPassword: (input) => {
      sent.push(input);
      if (failure) throw failure;
      return null;
    },
  });
});

afterEach(() => queryClient.clear());

function visit() {
  render(
    <MemoryRouter initialEntries={['/forgot-password']}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function ask(user: UserEvent, email = ' Ann@Example.com ') {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

const errorBanner = async () =>
  (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'))?.textContent;

describe('Forgot password', () => {
  it("asks for the e-mail under the 'Forgot Password' heading", () => {
    visit();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot Password');
    expect(screen.getByLabelText('E-mail').getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
  });

  it("refuses an address that is not one, in the spec's words, and sends nothing", async () => {
    const user = visit();
    await ask(user, 'not-an-address');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual(['Please provide a valid email address.']);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the bare address and replaces the form with where the link went, focusing the news', async () => {
    const user = visit();
    await ask(user);
    expect(sent).toEqual(['ann@example.com']);
    const done = await screen.findByRole('heading', { name: 'Check your e-mail' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const panel = done.closest('section')!;
    expect(panel.textContent).toContain(
      'We have sent an e-mail with a link to reset your password to ann@example.com.',
    );
    expect(panel.textContent).toContain('The link works once and for one hour.');
    expect(panel.textContent).toContain('spam');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it.each([
    ['errorID 1', new ApiCallError({ errorID: 1, errorMessage: 'x' }, 200), 'Email address does not exist.'],
    ['any other error id', new ApiCallError({ errorID: 5, errorMessage: 'x' }, 200), 'Error occured.'],
    [
      'a transport failure (id 100)',
      new ApiCallError({ errorID: 100, errorMessage: 'Error Occured' }, 0),
      'Error occured.',
    ],
    [
      'an HTTP failure',
      new ApiCallError({ errorID: 100, errorMessage: 'Error Occured' }, 500),
      'Error occured.',
    ],
    [
      'too many requests (429)',
      new ApiCallError(
        { errorID: 429, errorMessage: 'Too many requests. Please wait a few minutes and try again.' },
        429,
      ),
      'Too many requests. Please wait a few minutes and try again.',
    ],
  ])('says why nothing was sent for %s, keeping the form', async (_, err, message) => {
    failure = err;
    const user = visit();
    await ask(user);
    expect(await errorBanner()).toBe(message);
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).toBeNull();
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'Ann@Example.com');
  });

  it("puts the server's field message for the bare address on the E-mail field", async () => {
    failure = new ApiCallError({ errorID: 400, errorMessage: 'x' }, 400, {
      fields: { '': 'Please provide a valid email address.' },
    });
    const user = visit();
    await ask(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.querySelector('a')?.textContent).toBe('E-mail: Please provide a valid email address.');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });
});
