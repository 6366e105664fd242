import { daysBetween, londonToday } from '@lender/contract/dates';
import type { ObSandboxContext } from './plugin';

/** The bank every applicant's sandbox customers are at. */
export const SANDBOX_BANK = { bankId: 'sandbox-bank', name: 'Sandbox Bank' } as const;
/** A bank that is always down: every call naming it answers 503 (issue 49's failing bank). */
export const FAILING_BANK = { bankId: 'failing-bank', name: 'Failing Bank (sandbox)' } as const;
export const SANDBOX_BANKS = [SANDBOX_BANK, FAILING_BANK] as const;

const DAY_MS = 24 * 60 * 60_000;

/** How long an authorisation code may wait for its exchange (single use within it). */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** How long a client-credentials token lasts (it only makes, reads and revokes consents). */
export const CLIENT_TOKEN_LIFETIME_MS = 60 * 60_000;

/**
 * The sandbox's now: the real time, moved on by as many days as staff have moved the lender's business
 * date ahead of the calendar (tests and people travel in time that way), so a consent made on a moved
 * date lasts its 90 days of that calendar, expires when the date passes its end, and a code's five
 * minutes still run.
 */
export async function sandboxNow(ctx: Pick<ObSandboxContext, 'now' | 'today'>): Promise<Date> {
  const real = ctx.now();
  const ahead = daysBetween(londonToday(real), await ctx.today());
  return ahead > 0 ? new Date(real.getTime() + ahead * DAY_MS) : real;
}
