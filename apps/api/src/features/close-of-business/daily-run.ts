import { addDays } from '@lender/contract/dates';
import { LONDON_TZ } from '@lender/contract/constants';
import type { CloseOfBusiness } from './close-of-business';

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TZ,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether London's clock has reached `cobTime` (HH:mm) today. */
export const pastCobTime = (now: Date, cobTime: string) => londonClock.format(now) >= cobTime;

/**
 * The long-running server's daily close (COB_TIME, 01:00 London by default): once the time has come, the
 * days up to yesterday's business date are closed. Every server checks; the lock in the database lets
 * one of them run it, and the others find the days closed.
 */
export async function closeIfDue(
  cob: CloseOfBusiness,
  businessDate: () => string,
  cobTime: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (cobTime === 'off' || cob.isRunning() || !pastCobTime(now, cobTime)) return false;
  // Another server is closing the day: its run is the one, and this check would only fail on its lock.
  if (await cob.isHeldAnywhere()) return false;
  const last = await cob.lastClosed();
  if (last && last >= addDays(businessDate(), -1)) return false;
  await cob.closeThrough();
  return true;
}
