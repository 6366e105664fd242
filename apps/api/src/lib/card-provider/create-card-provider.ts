import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { SANDBOX_PATH } from '../../sandbox/card-provider/register-sandbox';
import type { CardProvider } from './card-provider';
import { httpCardProvider } from './http-card-provider';
import { fetchTransport, injectTransport } from '../provider-transports';

type ProviderConfig = Pick<
  Config,
  'CARD_PROVIDER_URL' | 'CARD_PROVIDER_MERCHANT_ID' | 'CARD_PROVIDER_SECRET_KEY'
>;

/**
 * The provider the API talks to: `CARD_PROVIDER_URL` when set (always in production), else the sandbox
 * this `app` serves, spoken to in process with the same protocol.
 */
export function createCardProvider(
  config: ProviderConfig,
  app: FastifyInstance,
  options: { timeoutMs?: number } = {},
): CardProvider {
  return httpCardProvider({
    merchantId: config.CARD_PROVIDER_MERCHANT_ID,
    secretKey: config.CARD_PROVIDER_SECRET_KEY,
    transport: config.CARD_PROVIDER_URL
      ? fetchTransport(config.CARD_PROVIDER_URL)
      : injectTransport(app, SANDBOX_PATH),
    ...options,
  });
}
