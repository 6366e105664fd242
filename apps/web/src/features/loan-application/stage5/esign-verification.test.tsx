import { ErrorId } from '@lender/contract/error-ids';
import { TIMINGS } from '@lender/contract/timings';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query';
import {
  AGREEMENTS,
  answerWith,
  defaultAnswers,
  GUID,
  refusal,
  renderEsign,
  where,
  type Answers,
} from '../../../testing/esign';

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
    'counts "%s" down from the wait the server answers, then lets it be pressed again',
    async (label, call, sent) => {
      const { calls, user } = await openPage();
      const resend = screen.getByRole('button', { name: label });
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledExactlyOnceWith(GUID);
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      // Why it does nothing now is read with it, and counts down each second.
      const description = () =>
        document.getElementById(resend.getAttribute('aria-describedby')!)?.textContent;
      expect(description()).toBe('You can ask again in 15 seconds.');
      // Said once as it starts, in the status line (only the status line is live).
      const status = await screen.findByText(new RegExp(`^${sent}`));
      expect(status.getAttribute('role')).toBe('status');
      expect(status.textContent).toContain('You can ask again in 15 seconds.');
      // Resting, it stays focusable and a press does nothing.
      expect(document.activeElement).toBe(resend);
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledTimes(1);
      await wait(5000);
      expect(description()).toMatch(/^You can ask again in (10|9) seconds\.$/);

      // The fake clock also moves with real time (shouldAdvanceTime): a second short of the end, and on.
      await wait(TIMINGS.resendCooldownMs - 6000);
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      await wait(1000);
      expect(resend.getAttribute('aria-disabled')).toBeNull();
      expect(status.textContent).toBe(`You can press ${label} again.`);
      await user.click(resend);
      expect(calls[call]).toHaveBeenCalledTimes(2);
    },
  );

  it('counts down at once when the page opens within a wait (GetEsign says how long)', async () => {
    answers.getEsign = () => ({ ...AGREEMENTS, nextSendInSeconds: { sms: 9, email: 0 } });
    const { calls, user } = await openPage();
    const sms = screen.getByRole('button', { name: 'Resend SMS code' });
    expect(sms.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('You can ask again in 9 seconds.')).toBeTruthy();
    await user.click(sms);
    expect(calls.sendVerificationSms).not.toHaveBeenCalled();
    expect(
      screen.getByRole('button', { name: 'Resend verification e-mail' }).getAttribute('aria-disabled'),
    ).toBeNull();
    await wait(9000);
    expect(sms.getAttribute('aria-disabled')).toBeNull();
  });

  it('counts down a refusal for too soon from its seconds, without a second figure', async () => {
    const tooSoon = 'Please wait 7 seconds before asking for another one.';
    answers.sendVerificationSms = () => {
      throw refusal(ErrorId.tooManyRequests, tooSoon, 429, { nextSendInSeconds: 7, reason: 'cooldown' });
    };
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend SMS code' }));
    expect(
      await screen.findByText('You can ask again in 7 seconds.', { selector: '.resend__wait' }),
    ).toBeTruthy();
    expect(screen.queryByText(tooSoon)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('quotes the day’s cap and says in words when it lifts (HTTP 429)', async () => {
    const tooMany = 'We have sent the most we can for today. Please try again later or call us.';
    answers.sendVerificationSms = () => {
      throw refusal(ErrorId.tooManyRequests, tooMany, 429, { nextSendInSeconds: 3 * 3600, reason: 'daily' });
    };
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend SMS code' }));
    const note = await screen.findByText(new RegExp(`^${tooMany}`));
    expect(note.getAttribute('role')).toBe('status');
    const lifts = screen.getByText(/^You can ask again (tomorrow )?at \d\d:\d\d\.$/, {
      selector: '.resend__wait',
    });
    expect(lifts).toBeTruthy();
    expect(screen.queryByText(/seconds/, { selector: '.resend__wait' })).toBeNull();
  });

  it('quotes the day’s cap from the answer’s reason, even with under a minute left', async () => {
    const tooMany = 'We have sent the most we can for today. Please try again later or call us.';
    answers.sendVerificationSms = () => {
      throw refusal(ErrorId.tooManyRequests, tooMany, 429, { nextSendInSeconds: 30, reason: 'daily' });
    };
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Resend SMS code' }));
    expect(await screen.findByText(new RegExp(`^${tooMany}`))).toBeTruthy();
    expect(screen.getByText('You can ask again in 30 seconds.', { selector: '.resend__wait' })).toBeTruthy();
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
