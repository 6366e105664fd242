import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { openBankingSandbox, type OpenBankingSandboxOptions } from './plugin';

/** Where the application serves the sandbox bank, next to its own routes and the other providers' sandboxes. */
export const OB_SANDBOX_PATH = '/sandbox/open-banking';

/** The sandbox bank's address as browsers reach it (its consent page) and as its paging links name it. */
export const obSandboxBaseUrl = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}${OB_SANDBOX_PATH}`;

/** The built-in open banking aggregator and its banks, with the lender as its one client (never in production). */
export async function registerOpenBankingSandbox(app: FastifyInstance, options: OpenBankingSandboxOptions) {
  await app.register(openBankingSandbox, { prefix: OB_SANDBOX_PATH, ...options });
}
