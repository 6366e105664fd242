import type { Config } from '../../config';
import { sandboxBaseUrl } from '../../sandbox/card-provider/register-sandbox';

/** Where the browser sends the card: the configured provider, else the built-in sandbox. */
export const providerBaseUrl = (config: Pick<Config, 'CARD_PROVIDER_URL' | 'PUBLIC_URL'>) =>
  config.CARD_PROVIDER_URL?.replace(/\/+$/, '') ?? sandboxBaseUrl(config);
