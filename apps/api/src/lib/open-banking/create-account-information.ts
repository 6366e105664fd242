import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { OB_SANDBOX_PATH } from '../../sandbox/open-banking/register-sandbox';
import type { AccountInformation } from './account-information';
import { httpAccountInformation } from './http-account-information';
import { fetchTransport, injectTransport } from '../provider-transports';

/** Where the applicant's bank sends them back to (a page of the web app), registered with the aggregator. */
export const OPEN_BANKING_RETURN_PATH = '/open-banking/return';

export const openBankingRedirectUrl = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}${OPEN_BANKING_RETURN_PATH}`;

export type OpenBankingSettings = Pick<
  Config,
  'OPEN_BANKING_URL' | 'OPEN_BANKING_CLIENT_ID' | 'OPEN_BANKING_CLIENT_SECRET' | 'PUBLIC_URL'
>;

/**
 * The aggregator applicants' banks are read through: OPEN_BANKING_URL when set (always in production),
 * else the sandbox bank this `app` serves at OB_SANDBOX_PATH, called in process with the same protocol
 * while the applicant's browser reaches its consent page at PUBLIC_URL.
 */
export function createAccountInformation(
  settings: OpenBankingSettings,
  app: FastifyInstance,
  options: { timeoutMs?: number; readTimeoutMs?: number; maxPages?: number } = {},
): AccountInformation {
  const url = settings.OPEN_BANKING_URL;
  return httpAccountInformation({
    clientId: settings.OPEN_BANKING_CLIENT_ID,
    clientSecret: settings.OPEN_BANKING_CLIENT_SECRET,
    transport: url ? fetchTransport(url) : injectTransport(app, OB_SANDBOX_PATH),
    baseUrl: url ?? `${settings.PUBLIC_URL.replace(/\/+$/, '')}${OB_SANDBOX_PATH}`,
    ...options,
  });
}
