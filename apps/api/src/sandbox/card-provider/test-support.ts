import { londonToday } from '@lender/contract/dates';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/create-db';
import { sandboxDb } from './tables';

/** The decision's test cards (docs/decisions/014), written out rather than read from the sandbox. */
export const CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  declined: '4000000000000002',
  expired: '4000000000000069',
  slowFingerprint: '4000000000003063',
  declinesCharges: '4000000000000341',
  other: '5555555555554444',
} as const;

export const SECURITY_CODE = '8163';
export const nextYear = () => Number(londonToday().slice(0, 4)) + 1;

/** A tokenisation form as the stage 2 page posts it; override any field. */
export const cardForm = (
  config: Pick<Config, 'CARD_PROVIDER_MERCHANT_ID' | 'CARD_PROVIDER_STATIC_KEY'>,
  overrides: Record<string, string> = {},
) => ({
  merchantId: config.CARD_PROVIDER_MERCHANT_ID,
  staticKey: config.CARD_PROVIDER_STATIC_KEY,
  cardNumber: CARDS.frictionless,
  expMonth: '12',
  expYear: String(nextYear() % 100).padStart(2, '0'),
  csv: SECURITY_CODE,
  cardHolder: 'Jane Doe',
  ...overrides,
});

export const postForm = (app: FastifyInstance, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The 3-D Secure method data the page posts into the hidden frame. */
export const methodData = (trxId: string, notificationUrl = 'http://localhost:3000/loan/stage2') =>
  Buffer.from(
    JSON.stringify({ threeDSServerTransID: trxId, threeDSMethodNotificationURL: notificationUrl }),
  ).toString('base64url');

/**
 * Every row of every sandbox table, found by the database itself (so a table added later is read too),
 * each row as its name and cells: for proving what is not stored.
 */
export async function everySandboxRow(db: Db): Promise<{ table: string; cells: unknown[] }[]> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => name.startsWith('card_sandbox_'));
  if (tables.length === 0) throw new Error('no card_sandbox_ table found');
  const rows = [];
  for (const table of tables) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    rows.push(...found.map((row) => ({ table, cells: Object.values(row) })));
  }
  return rows;
}

/** The transaction row as stored. */
export const storedTransaction = (db: Db, trxId: string) =>
  sandboxDb(db)
    .selectFrom('card_sandbox_transactions')
    .selectAll()
    .where('trx_id', '=', trxId)
    .executeTakeFirstOrThrow();

/** A server-to-server call as the merchant's server makes it. */
export const postAsMerchant = (app: FastifyInstance, url: string, secretKey: string, body: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
