import { ok } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { providerBaseUrl } from '../../lib/card-provider/provider-url';

/**
 * GET /api/card-provider (not a call of the spec; docs/decisions/014): where the browser sends the card,
 * and the public half of the merchant's credentials. The secret key stays on the server. Documented in
 * plugins/documented-responses.ts, like the health routes.
 */
export function registerCardProviderSettings(app: FastifyInstance, config: Config) {
  const answer = ok({
    url: providerBaseUrl(config),
    merchantId: config.CARD_PROVIDER_MERCHANT_ID,
    staticKey: config.CARD_PROVIDER_STATIC_KEY,
  });
  app.get('/api/card-provider', { schema: { hide: true } }, async () => answer);
}
