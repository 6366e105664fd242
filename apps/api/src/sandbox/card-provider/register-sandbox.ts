import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db';
import type { Config } from '../../config';
import { inProcessTransport } from './in-process-transport';
import { merchantCalls } from './merchant-calls';
import { cardProviderSandbox, sandboxContext, type CardProviderSandboxOptions } from './plugin';

/** Where the application serves the sandbox, next to its own routes. */
export const SANDBOX_PATH = '/sandbox/card-provider';

/** The sandbox's address as browsers reach it, from the application's public URL. */
export const sandboxBaseUrl = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}${SANDBOX_PATH}`;

/** The built-in card provider's options, with the application's configured merchant. */
const sandboxOptions = ({ config, db }: { config: Config; db: Db }): CardProviderSandboxOptions => ({
  db,
  baseUrl: sandboxBaseUrl(config),
  appOrigin: new URL(config.PUBLIC_URL).origin,
  merchants: [
    {
      merchantId: config.CARD_PROVIDER_MERCHANT_ID,
      staticKey: config.CARD_PROVIDER_STATIC_KEY,
      secretKey: config.CARD_PROVIDER_SECRET_KEY,
    },
  ],
});

/** The built-in card provider, served on `app` for browsers and merchants (never in production). */
export async function registerCardProviderSandbox(app: FastifyInstance, served: { config: Config; db: Db }) {
  await app.register(cardProviderSandbox, { prefix: SANDBOX_PATH, ...sandboxOptions(served) });
}

/** The same sandbox's server-to-server calls, spoken to in process by the application's adapter. */
export const cardSandboxTransport = (app: { config: Config; db: Db }) =>
  inProcessTransport(merchantCalls(sandboxContext(sandboxOptions(app))));
