import type { IsoDate } from '@lender/contract/dates';
import type { ObSandboxContext } from './plugin';

/** The bank every applicant's sandbox customers are at. */
export const SANDBOX_BANK = { bankId: 'sandbox-bank', name: 'Sandbox Bank' } as const;
/** A bank that is always down: every call naming it answers 503 (issue 49's failing bank). */
export const FAILING_BANK = { bankId: 'failing-bank', name: 'Failing Bank (sandbox)' } as const;
export const SANDBOX_BANKS = [SANDBOX_BANK, FAILING_BANK] as const;

/** How long an authorisation code may wait for its exchange (single use within it). */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** How long a client-credentials token lasts (it only makes, reads and revokes consents). */
export const CLIENT_TOKEN_LIFETIME_MS = 60 * 60_000;

/**
 * The sandbox's now: the real time, or the start of the lender's business date when staff have moved it
 * later (tests and people travel in time that way), so a consent made on a moved date lasts its 90 days
 * of that calendar and expires when the date passes its end.
 */
export async function sandboxNow(ctx: Pick<ObSandboxContext, 'now' | 'today'>): Promise<Date> {
  const today: IsoDate = await ctx.today();
  return new Date(Math.max(ctx.now().getTime(), Date.parse(`${today}T00:00:00Z`)));
}
