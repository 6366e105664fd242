import type { Config } from '../../config';
import type { CardProvider } from './card-provider';
import { httpCardProvider } from './http-card-provider';
import { fetchTransport, type ProviderTransport } from '../provider-transports';

type ProviderConfig = Pick<
  Config,
  'CARD_PROVIDER_URL' | 'CARD_PROVIDER_MERCHANT_ID' | 'CARD_PROVIDER_SECRET_KEY'
>;

/**
 * The provider the API talks to: `CARD_PROVIDER_URL` when set (always in production), else the built-in
 * sandbox, spoken to in process with the same protocol (`sandbox` makes its transport).
 */
export function createCardProvider(
  config: ProviderConfig,
  sandbox: () => ProviderTransport,
  options: { timeoutMs?: number } = {},
): CardProvider {
  return httpCardProvider({
    merchantId: config.CARD_PROVIDER_MERCHANT_ID,
    secretKey: config.CARD_PROVIDER_SECRET_KEY,
    transport: config.CARD_PROVIDER_URL ? fetchTransport(config.CARD_PROVIDER_URL) : sandbox(),
    ...options,
  });
}
