import { expect, type APIRequestContext } from '@playwright/test';
import type { Envelope } from '@lender/contract/envelope-types';
import { rememberSecret } from './secrets';

type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject: string | null; text: string };

/**
 * The messages sent to `to`, newest first, as a person running the product locally reads them
 * (`GET /api/dev/outbox?to=`, the list behind /dev/outbox).
 */
async function messagesTo(request: APIRequestContext, to: string, channel: OutboxMessage['channel']) {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok(), 'the outbox answers').toBe(true);
  const body = (await response.json()) as Envelope<OutboxMessage[]>;
  return (body.object ?? []).filter((m) => m.channel === channel);
}

/** Waits for the `count`th message of a channel to `to` and answers the newest one's text. */
async function newestText(
  request: APIRequestContext,
  to: string,
  channel: OutboxMessage['channel'],
  count: number,
) {
  let texts: string[] = [];
  await expect
    .poll(async () => (texts = (await messagesTo(request, to, channel)).map((m) => m.text)).length, {
      message: `${count} ${channel} message(s) to ${to}`,
    })
    .toBeGreaterThanOrEqual(count);
  return texts[0]!;
}

/** The e-mails sent to `email`, newest first: their subjects and texts. */
export const emailsTo = async (request: APIRequestContext, email: string) =>
  (await messagesTo(request, email, 'email')).map((m) => ({ subject: m.subject, text: m.text }));

/** How many SMS have gone to `mobile`. */
export const smsCount = async (request: APIRequestContext, mobile: string) =>
  (await messagesTo(request, mobile, 'sms')).length;

/** The six-digit code of the newest SMS to `mobile`, once at least `count` have been sent. */
export async function smsCodeFor(request: APIRequestContext, mobile: string, count = 1) {
  const text = await newestText(request, mobile, 'sms', count);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `a code in the SMS: ${text}`).toBeDefined();
  return code!;
}

/**
 * The e-mail verification link of the newest e-mail to `email`, as the person would press it. Its token
 * is a secret: the secrets-at-rest check makes sure no database row or log line holds it in clear.
 */
export async function verificationLinkFor(request: APIRequestContext, email: string, count = 1) {
  const text = await newestText(request, email, 'email', count);
  const link = /https?:\/\/\S+\/emailverification\?\S+/.exec(text)?.[0];
  expect(link, `a verification link in the e-mail: ${text}`).toBeDefined();
  const token = new URL(link!).searchParams.get('verification');
  if (token) rememberSecret('e-mail verification token', token);
  return link!;
}

/** The newest e-mail to `email` holding a link of `pattern` (its token in group 1), once `count` such e-mails arrived. */
async function linkIn(
  request: APIRequestContext,
  email: string,
  pattern: RegExp,
  kind: string,
  count: number,
) {
  let links: string[] = [];
  await expect
    .poll(
      async () =>
        (links = (await messagesTo(request, email, 'email'))
          .map((m) => pattern.exec(m.text)?.[0])
          .filter((l): l is string => l !== undefined)).length,
      { message: `${count} e-mail(s) with a ${kind} link to ${email}` },
    )
    .toBeGreaterThanOrEqual(count);
  const token = pattern.exec(links[0]!)![1]!;
  rememberSecret(`${kind} token`, token);
  return links[0]!;
}

/** The set-password or reset-password link of the newest such e-mail (welcome or forgot password). */
export const passwordLinkFor = (request: APIRequestContext, email: string, count = 1) =>
  linkIn(request, email, /https?:\/\/\S+\/reset-password\/([\w-]+)/, 'password link', count);

/** The verification link of an e-mail change, sent to the new address. */
export const emailChangeLinkFor = (request: APIRequestContext, email: string, count = 1) =>
  linkIn(request, email, /https?:\/\/\S+\/confirm-email\/([\w-]+)/, 'e-mail change link', count);

/** The e-sign link of the newest e-sign e-mail: the guid in its path, its own token in the fragment. */
export const signingLinkFor = (request: APIRequestContext, email: string, count = 1) =>
  linkIn(request, email, /https?:\/\/\S+\/loan\/stage5\/[0-9a-f-]{36}#([\w-]+)/, 'signing link', count);
