import crypto from 'node:crypto';
import { TIMINGS } from '@lender/contract/timings';
import { nowIso } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import type { EsignApplication, EsignChannel, EsignLinkOrigin } from './esign-repository';
import { esignSmsText, esignEmail } from './esign-messages';
import type { EsignRepositories } from './esign-store';

/** The limits of docs/decisions/016. */
export const ESIGN_LIMITS = {
  smsTtlSeconds: 10 * 60,
  smsMaxTries: 5,
  emailTtlSeconds: 24 * 60 * 60,
  resendCooldownMs: TIMINGS.resendCooldownMs,
  /** Codes or links of one channel an application may be sent in 24 hours. */
  maxSentPerDay: 10,
  /**
   * How long a signing link opens the e-sign page: the life of an offer (docs/decisions/020). After it
   * the customer logs in (their password) and is handed a new one.
   */
  signingLinkTtlSeconds: 14 * 24 * 60 * 60,
} as const;

export type EsignLinks = { publicUrl: string; dataKey: string };

/**
 * A six-digit code has a million values: a plain hash is reversed offline at once. Keyed with DATA_KEY,
 * the stored value is useless without the key.
 */
export const smsCodeHash = (
  code: string,
  dataKey: string,
  purpose: 'esign-sms' | 'lead-landing' = 'esign-sms',
) => crypto.createHmac('sha256', Buffer.from(dataKey, 'hex')).update(`${purpose}:${code}`).digest('hex');

export const newSmsCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * The e-sign page with its signing token in the fragment: a browser never sends a fragment, so the token
 * is in no request line, proxy log or Referer; the page moves it to storage and takes it off the address.
 */
export const esignPageUrl = (publicUrl: string, guid: string, signingToken: string) =>
  new URL(`/loan/stage5/${guid}#${signingToken}`, publicUrl).toString();

/** A new signing link's token for this application (replacing the earlier one of the same origin). */
export async function issueSigningLink(
  esign: EsignRepositories['esign'],
  applicationId: number,
  origin: EsignLinkOrigin,
  keepToken = '',
): Promise<string> {
  const token = randomToken();
  const keep = keepToken && sha256(keepToken);
  await esign.insertLink(applicationId, origin, sha256(token), ESIGN_LIMITS.signingLinkTtlSeconds, keep);
  return token;
}

export type ResendWait = { retryAfterSeconds: number; reason: 'cooldown' | 'daily' };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a code of this channel may not be sent now, with the seconds until it may; null when it may. The
 * same figure is the refusal's and, asked just after a send, the countdown the page shows (decision 038).
 */
export async function resendRefusal(
  esign: EsignRepositories['esign'],
  applicationId: number,
  channel: EsignChannel,
  now = new Date(),
): Promise<ResendWait | null> {
  const latest = await esign.latestCode(applicationId, channel);
  if (latest) {
    const wait = Date.parse(latest.createdAt) + ESIGN_LIMITS.resendCooldownMs - now.getTime();
    if (wait > 0) return { retryAfterSeconds: Math.ceil(wait / 1000), reason: 'cooldown' };
  }
  const sent = await esign.sentSince(applicationId, channel, new Date(now.getTime() - DAY_MS).toISOString());
  const over = sent.length - ESIGN_LIMITS.maxSentPerDay;
  if (over >= 0) {
    // The cap lifts when enough of the day's sends are 24 hours old that one more stays within it.
    const lifts = Date.parse(sent[over]!) + DAY_MS - now.getTime();
    return { retryAfterSeconds: Math.max(1, Math.ceil(lifts / 1000)), reason: 'daily' };
  }
  return null;
}

/** Queues a new SMS code (replacing any earlier one) in the caller's transaction. */
export async function sendSmsCode(repos: EsignRepositories, app: EsignApplication, keys: EsignLinks) {
  const code = newSmsCode();
  await repos.esign.insertCode({
    applicationId: app.id,
    channel: 'sms',
    secretHash: smsCodeHash(code, keys.dataKey),
    ttlSeconds: ESIGN_LIMITS.smsTtlSeconds,
  });
  await repos.outbox.enqueue({
    channel: 'sms',
    to: app.customer.mobile,
    text: esignSmsText(code, ESIGN_LIMITS.smsTtlSeconds / 60),
    secrets: [code],
  });
}

/**
 * Queues the 'Application e-Sign process' e-mail: the e-sign page link and a new single-use
 * verification link (replacing any earlier one), in the caller's transaction. A new signing link replaces
 * the earlier e-mailed ones except `askedWith`, the one of the page that asked for this e-mail.
 */
export async function sendEmailLink(
  repos: EsignRepositories,
  app: EsignApplication,
  keys: EsignLinks,
  askedWith = '',
) {
  const token = randomToken();
  await repos.esign.insertCode({
    applicationId: app.id,
    channel: 'email',
    secretHash: sha256(token),
    ttlSeconds: ESIGN_LIMITS.emailTtlSeconds,
  });
  const verifyUrl = new URL('/emailverification', keys.publicUrl);
  verifyUrl.searchParams.set('guid', app.guid);
  verifyUrl.searchParams.set('verification', token);
  const signingToken = await issueSigningLink(repos.esign, app.id, 'email', askedWith);
  const mail = esignEmail({
    firstName: app.customer.firstName,
    esignUrl: esignPageUrl(keys.publicUrl, app.guid, signingToken),
    verifyUrl: verifyUrl.toString(),
    linkValidHours: ESIGN_LIMITS.emailTtlSeconds / 3600,
  });
  await repos.outbox.enqueue({
    channel: 'email',
    to: app.customer.email,
    ...mail,
    secrets: [token, signingToken],
  });
}

export type CodeCheck = 'valid' | 'wrong' | 'expired' | 'tooManyTries' | 'none';

/**
 * Whether `code` opens the application's live SMS code. Each comparison first claims a try in the
 * database (so 5 is a hard limit even for racing guesses); the code is then the caller's to mark used.
 */
export async function checkSmsCode(
  esign: EsignRepositories['esign'],
  applicationId: number,
  code: string,
  dataKey: string,
  channel: 'sms' | 'lead' = 'sms',
): Promise<{ check: CodeCheck; codeId?: number }> {
  const live = await esign.latestCode(applicationId, channel);
  if (!live || live.usedAt) return { check: 'none' };
  if (live.expiresAt <= nowIso()) return { check: 'expired' };
  if (!(await esign.claimTry(live.id, ESIGN_LIMITS.smsMaxTries))) return { check: 'tooManyTries' };
  const purpose = channel === 'lead' ? 'lead-landing' : 'esign-sms';
  const given = Buffer.from(smsCodeHash(code, dataKey, purpose), 'hex');
  const valid = crypto.timingSafeEqual(given, Buffer.from(live.secretHash, 'hex'));
  return { check: valid ? 'valid' : 'wrong', codeId: live.id };
}
