import { londonToday } from '@lender/contract/dates';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** Longer than this, the wait is the day's cap: a clock time reads better than a count of seconds. */
const COUNTED_UP_TO_SECONDS = 60;

/**
 * A resend's wait as a person reads it: 'You can ask again in 12 seconds.' while it counts, and for the
 * day's cap the London time it lifts ('You can ask again at 14:05.', '… tomorrow at 09:12.').
 */
export function waitInWords(seconds: number, deadline = Date.now() + seconds * 1000): string {
  if (seconds <= COUNTED_UP_TO_SECONDS) {
    return `You can ask again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const at = new Date(deadline);
  const sameDay = londonToday(at) === londonToday(new Date());
  return `You can ask again ${sameDay ? '' : 'tomorrow '}at ${clock.format(at)}.`;
}
