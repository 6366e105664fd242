import type { FastifyInstance } from 'fastify';
import type { IsoDate } from '@lender/contract/dates';
import type { Db } from '../../db/create-db';
import { creditReferenceSandbox } from './plugin';

/** Where the application serves the sandbox, next to its own routes and the other providers' sandboxes. */
export const CRA_SANDBOX_PATH = '/sandbox/credit-reference';

/** The built-in credit reference agency, answering the application's configured key (never in production). */
export async function registerCreditReferenceSandbox(
  app: FastifyInstance,
  options: { db: Db; key: string; today: () => Promise<IsoDate>; slowpokeMs?: number },
) {
  await app.register(creditReferenceSandbox, { prefix: CRA_SANDBOX_PATH, ...options });
}
