import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '@lender/contract/constants';
import type { Config } from '../../config';

/**
 * The daily rate an application is priced at: the provider rate (the spec's 0.6% column) for the partner
 * tiers staff configured in PROVIDER_TIERS, the standard rate for everyone else. The cheaper rate is for
 * partners we know, not for anyone who types a tier into the URL, so only a configured name earns it.
 * Stage 1 and the partner lead API both price by this one rule.
 */
export function dailyRateRule(config: Pick<Config, 'PROVIDER_TIERS'>) {
  const providerTiers = new Set(
    config.PROVIDER_TIERS.split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );
  return (tierName: string | null): number =>
    tierName && providerTiers.has(tierName) ? DAILY_RATE_PROVIDER : DAILY_RATE_STANDARD;
}
