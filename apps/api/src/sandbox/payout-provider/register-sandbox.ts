import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db';
import { payoutProviderSandbox } from './plugin';

/** Where the application serves the sandbox, next to its own routes and the card provider's sandbox. */
export const PAYOUT_SANDBOX_PATH = '/sandbox/payout-provider';

/** The built-in payout provider, answering the application's configured key (never in production). */
export async function registerPayoutProviderSandbox(
  app: FastifyInstance,
  { db, key }: { db: Db; key: string },
) {
  await app.register(payoutProviderSandbox, { prefix: PAYOUT_SANDBOX_PATH, db, key });
}
