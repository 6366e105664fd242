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
  'smsCode',
  'guid',
  'verification',
  'pKey',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

const sensitiveQuery = new RegExp(`([?&](?:${SENSITIVE_KEYS.join('|')})=)[^&]*`, 'gi');

/** Pages whose last path segment is a one-time token (the links of the password and e-mail-change e-mails). */
const tokenInPath = /(\/(?:reset-password|confirm-email)\/)[^/?#]+/gi;

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
