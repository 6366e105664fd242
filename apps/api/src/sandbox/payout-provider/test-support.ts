import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { createTestApp } from '../../test/test-app';
import { PAYOUT_SANDBOX_PATH, registerPayoutProviderSandbox } from './register-sandbox';

export const SANDBOX_KEY = 'payout-sandbox-key';

/** A payment request body as the protocol carries it; override any field. */
export const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  sortCode: '040004',
  accountNumber: '12345678',
  accountName: 'Jane Doe',
  amountPence: 50_000,
  reference: 'LOAN 1001',
  ...overrides,
});

/**
 * A bare server with only the sandbox mounted, at its usual path, on a freshly migrated database of its
 * own (PostgreSQL when TEST_DATABASE_URL is set), so the tests never meet whatever app.ts mounts.
 */
export async function createSandboxServer(): Promise<{
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}> {
  const t = await createTestApp();
  const app = Fastify();
  await registerPayoutProviderSandbox(app, { db: t.ctx.db, key: SANDBOX_KEY });
  await app.ready();
  return {
    app,
    db: t.ctx.db,
    close: async () => {
      await app.close();
      await t.close();
    },
  };
}

/** A payment request as the lender's server sends it. */
export const postPayment = (app: FastifyInstance, idempotencyKey: string, body: object, key = SANDBOX_KEY) =>
  app.inject({
    method: 'POST',
    url: `${PAYOUT_SANDBOX_PATH}/api/payments`,
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
    payload: body,
  });

export const getPayment = (app: FastifyInstance, paymentId: string, key = SANDBOX_KEY) =>
  app.inject({
    method: 'GET',
    url: `${PAYOUT_SANDBOX_PATH}/api/payments/${paymentId}`,
    headers: { authorization: `Bearer ${key}` },
  });

/**
 * Every cell of every payout sandbox table, found by the database itself (so a table added later is
 * read too): for proving what is not stored.
 */
export async function everyPayoutSandboxCell(db: Db): Promise<string[]> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => name.startsWith('payout_sandbox_'));
  if (tables.length === 0) throw new Error('no payout_sandbox_ table found');
  const cells: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    cells.push(...rows.flatMap((row) => Object.values(row).map(String)));
  }
  return cells;
}
