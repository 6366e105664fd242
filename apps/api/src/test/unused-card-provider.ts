/**
 * Production settings naming a card provider that no test, bench or crash run calls: production refuses
 * to start without a provider of its own (config.ts), and serves no sandbox to stand in for one.
 */
export const UNUSED_CARD_PROVIDER = {
  CARD_PROVIDER_URL: 'https://card-provider.invalid',
  CARD_PROVIDER_MERCHANT_ID: 'unused-production-merchant',
  CARD_PROVIDER_STATIC_KEY: 'unused-production-static-key',
  CARD_PROVIDER_SECRET_KEY: 'unused-production-secret-key',
} as const;
