import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Fields whose values never reach a log line, wherever they appear. */
export const SENSITIVE_KEYS = [
  'cardNumber',
  'securityCode',
  'csv',
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'token',
  'refreshToken',
  'sortCode',
  'bankAccountNumber',
  'accountNumber',
  'smsCode',
  'guid',
  'verification',
  'pKey',
  'access_token',
  'signingToken',
  // Issue 28: a document's single-use download link (GetDownloadLink's answer, DownloadDocument's query).
  'documentGuid',
  // Issue 29: a partner lead's bank account, whole (its numbers are listed above too).
  'bankDetails',
  // A staff invitation's code (docs/decisions/071): typed by the invitee, answered once to the admin.
  'invitationCode',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers["x-signing-token"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * Query parameters secret only in a URL (as object keys they are common words, e.g. an error's `code`):
 * an Open Banking return's single-use authorisation code and our state nonce (issue 49), and the consent
 * the sandbox bank's page is opened for.
 */
const SENSITIVE_QUERY_ONLY = ['code', 'state', 'consent_id'];

const sensitiveQuery = new RegExp(
  `([?&](?:${[...SENSITIVE_KEYS, ...SENSITIVE_QUERY_ONLY].join('|')})=)[^&]*`,
  'gi',
);

/**
 * Pages whose last path segment is a secret or names an application: the one-time tokens of the password
 * and e-mail-change links and of a staff invitation (issue 48), and the guid of the e-sign and lead landing pages (which Login answers, so it
 * must stay out of logs that more people read than the database).
 */
const tokenInPath =
  /(\/(?:reset-password|confirm-email|loan\/stage5|loan\/lead-provider|staff\/invite)\/)[^/?#]+/gi;

/**
 * A URL with the values of sensitive query parameters, and the token of a one-time link's path, replaced:
 * DownloadSOB?token=..., /reset-password/...
 */
export const redactUrl = (url: string) =>
  url.replace(sensitiveQuery, '$1[Redacted]').replace(tokenInPath, '$1[Redacted]');

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[Redacted]' },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), reqId: req.id }),
    },
  };
}
