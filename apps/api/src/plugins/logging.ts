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

/** A URL with the values of sensitive query parameters replaced, e.g. DownloadSOB?token=... */
export const redactUrl = (url: string) => url.replace(sensitiveQuery, '$1[Redacted]');

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
