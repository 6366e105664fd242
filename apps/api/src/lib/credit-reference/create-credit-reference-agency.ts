import type { FastifyInstance } from 'fastify';
import { CRA_SANDBOX_PATH } from '../../sandbox/credit-reference/register-sandbox';
import type { CreditReferenceAgency } from './credit-reference-agency';
import { httpCreditReferenceAgency } from './http-credit-reference-agency';
import { fetchTransport, injectTransport } from '../provider-transports';

/**
 * The agency the API searches and shares with: `url` when set (always in production), else the sandbox
 * this `app` serves at CRA_SANDBOX_PATH, spoken to in process with the same protocol.
 */
export function createCreditReferenceAgency(
  settings: { url?: string; key: string },
  app: FastifyInstance,
  options: { timeoutMs?: number; submitTimeoutMs?: number } = {},
): CreditReferenceAgency {
  return httpCreditReferenceAgency({
    key: settings.key,
    transport: settings.url ? fetchTransport(settings.url) : injectTransport(app, CRA_SANDBOX_PATH),
    ...options,
  });
}
