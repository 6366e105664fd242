import { ErrorId } from '@lender/contract/error-ids';
import { TIMINGS } from '@lender/contract/timings';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import {
  answerWith,
  defaultAnswers,
  GUID,
  refusal,
  renderEsign,
  where,
  type Answers,
} from './esign-test-support';

vi.mock(import('../../../lib/api-client'), async (original) => ({ ...(await original()), callApi: vi.fn() }));

let answers: Answers;

beforeEach(() => {
  // Fake time that also moves on by itself, so that the library's waits still end.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answers = defaultAnswers();
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

async function openPage() {
  const calls = answerWith(answers);
  const page = renderEsign();
  await screen.findByRole('button', { name: 'Let’s Proceed' });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { calls, page, user };
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('E-sign, resending the codes', () => {
  it.each([
    ['Resend SMS code', 'sendVerificationSms', 'We have sent you a new SMS code.'],
    [
      'Resend verification e-mail',
      'sendVerificationAndUniqueUrlEmail',
      'We have sent you a new verification e-mail.',
    ],
  ] as const)(
    'rests "%s" for 15 s after a press, then lets it be pressed again',
    async (label, call, sent) => {
      const { calls, user } = await openPage();
      const resend = screen.getByRole('button', { name: label });
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledExactlyOnceWith(GUID);
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      // Why it does nothing now is read with it.
      expect(document.getElementById(resend.getAttribute('aria-describedby')!)?.textContent).toBe(
        `You can ask again in ${TIMINGS.resendCooldownMs / 1000} seconds.`,
      );
      expect((await screen.findByText(new RegExp(`^${sent}`))).getAttribute('role')).toBe('status');
      // Resting, it stays focusable and a press does nothing.
      expect(document.activeElement).toBe(resend);
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledTimes(1);

      // A second short of the rest: the fake clock also moves with real time (shouldAdvanceTime), and the
      // steps above took up to a few hundred milliseconds on a busy machine.
      await wait(TIMINGS.resendCooldownMs - 1000);
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      await wait(1000);
      expect(resend.getAttribute('aria-disabled')).toBeNull();
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledTimes(2);
    },
  );

  it('quotes the server when it is asked too soon or too often (HTTP 429)', async () => {
    const tooMany = 'You have asked for 10 codes today. Please try again tomorrow.';
    answers.sendVerificationSms = () => {
      throw refusal(ErrorId.tooManyRequests, tooMany, 429);
    };
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend SMS code' }));
    const note = await screen.findByText(tooMany);
    expect(note.getAttribute('role')).toBe('status');
    // The server said how long to wait; the page does not add a figure of its own.
    expect(screen.queryByText(/^You can ask again in/)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('goes to the e-sign error page when the application no longer waits for a signature', async () => {
    answers.sendVerificationAndUniqueUrlEmail = () => {
      throw refusal(ErrorId.esignClosed, 'This application is not waiting for a signature.');
    };
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await where()).toBe('/error?esign=true');
  });
});

describe('E-sign, the e-mail confirmation', () => {
  it('asks every 1.5 s until the e-mail is confirmed, says so politely, then stops asking', async () => {
    const replies = [false, false, true];
    answers.getEmailVerificationLinkStatus = () => ({ verified: replies.shift() ?? true });
    const { calls } = await openPage();
    const status = screen.getByText('Waiting for confirmation...');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(1);

    await wait(TIMINGS.emailVerificationPollMs);
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(2);
    expect(status.textContent).toBe('Waiting for confirmation...');
    await wait(TIMINGS.emailVerificationPollMs);
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(3);
    // The same live region changes its words, so a screen reader announces them.
    expect(status.textContent).toBe('The email was confirmed!');
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();

    await wait(TIMINGS.emailVerificationPollMs * 4);
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(3);
  });

  it('stops asking when the page closes', async () => {
    const { calls, page } = await openPage();
    await wait(TIMINGS.emailVerificationPollMs);
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(2);
    page.unmount();
    await wait(TIMINGS.emailVerificationPollMs * 4);
    expect(calls.getEmailVerificationLinkStatus).toHaveBeenCalledTimes(2);
  });
});
