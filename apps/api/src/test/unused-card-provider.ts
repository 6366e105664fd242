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

/**
 * Every outside service production requires (config.ts names each one missing), pointing nowhere any
 * test, bench or crash run reaches: the card provider above, SMTP and SMS, and an https address.
 */
export const UNUSED_PRODUCTION_SERVICES = {
  ...UNUSED_CARD_PROVIDER,
  PUBLIC_URL: 'https://lender.invalid',
  // Port 9 (discard) on loopback: a delivery attempt fails at once, and nothing leaves the machine.
  SMTP_URL: 'smtp://127.0.0.1:9',
  SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms',
  SMS_PROVIDER_KEY: 'unused-production-sms-key',
  PAYOUT_PROVIDER_URL: 'https://payout-provider.invalid',
  PAYOUT_PROVIDER_KEY: 'unused-production-payout-key',
  // Loopback port 9 (discard): a search is refused at once and nothing leaves the machine, not even a DNS query.
  CRA_URL: 'https://127.0.0.1:9',
  CRA_KEY: 'unused-production-cra-key',
  // The same discard port: no applicant's bank is read by a production test.
  OPEN_BANKING_URL: 'https://127.0.0.1:9',
  OPEN_BANKING_CLIENT_ID: 'unused-production-open-banking-client',
  OPEN_BANKING_CLIENT_SECRET: 'unused-production-open-banking-secret',
} as const;
