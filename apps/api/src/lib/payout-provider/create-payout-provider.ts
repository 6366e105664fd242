import type { FastifyInstance } from 'fastify';
import { PAYOUT_SANDBOX_PATH } from '../../sandbox/payout-provider/register-sandbox';
import { httpPayoutProvider } from './http-payout-provider';
import type { PayoutProvider } from './payout-provider';
import { fetchTransport, injectTransport } from '../provider-transports';

/**
 * The provider the API pays out through: `url` when set (always in production), else the sandbox this
 * `app` serves at PAYOUT_SANDBOX_PATH, spoken to in process with the same protocol.
 */
export function createPayoutProvider(
  settings: { url?: string; key: string },
  app: FastifyInstance,
  options: { timeoutMs?: number } = {},
): PayoutProvider {
  return httpPayoutProvider({
    key: settings.key,
    transport: settings.url ? fetchTransport(settings.url) : injectTransport(app, PAYOUT_SANDBOX_PATH),
    ...options,
  });
}
