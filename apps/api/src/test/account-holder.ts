import { ErrorId } from '@lender/contract/error-ids';
import type { Insertable } from 'kysely';
import type { CustomerTable } from '../entities/customers/customer-tables';
import { hashPassword } from '../lib/passwords/password-hashing';
import { createSession } from './factories';
import type { TestApp } from './test-app';

/** A password that passes the spec's rule and is not on the common list. */
export const HOLDER_PASSWORD = 'Kestrel-Holder-7';

/** A customer with a password set and a live session (as after Account/Login). */
export async function createAccountHolder(
  t: TestApp,
  overrides: Partial<Insertable<CustomerTable>> = {},
  password = HOLDER_PASSWORD,
) {
  const session = await createSession(
    t.ctx,
    { password_hash: await hashPassword(password), ...overrides },
    { passwordProved: true },
  );
  return { ...session, password };
}

/** Every message to `to`, oldest first, as its recipient reads it (one-time tokens put back). */
export async function messagesTo(t: TestApp, to: string) {
  const rows = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, ...t.ctx.outbox.revealForDevelopers(row) }));
}

/** The token of the newest link to `${PUBLIC_URL}/{path}/{token}` in the newest message to `to`. */
export async function linkTokenSentTo(t: TestApp, to: string, path: string): Promise<string> {
  const newest = (await messagesTo(t, to)).at(-1);
  if (!newest) throw new Error(`no message to ${to}`);
  const prefix = new URL(`/${path}/`, t.ctx.config.PUBLIC_URL).toString();
  const at = newest.text.indexOf(prefix);
  const token = at < 0 ? undefined : /^[\w-]+/.exec(newest.text.slice(at + prefix.length))?.[0];
  if (!token) throw new Error(`no ${path} link in the message to ${to}: ${newest.text}`);
  return token;
}

/** A POST to an Account call with a JSON body, signed in when `authorization` is given. */
export const accountPost = (t: TestApp, action: string, payload: unknown, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Account/${action}`,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify(payload),
  });

export const accountGet = (t: TestApp, action: string, authorization: string) =>
  t.app.inject({ method: 'GET', url: `/api/Account/${action}`, headers: { authorization } });

/** The answer to a password or e-mail-change link that is unknown, used, replaced or expired. */
export const LINK_EXPIRED = {
  error: {
    errorID: ErrorId.linkExpired,
    errorMessage: 'This link has expired or has already been used. Please ask for a new one.',
  },
  object: null,
};
