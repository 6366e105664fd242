import fs from 'node:fs';
import { SQLite as Database } from '../../apps/api/src/db/sqlite-driver';
import { expect, test } from '@playwright/test';
import { rememberedSecrets, serverLogFile, TEST_SECRETS } from '../support/secrets';

/** A password, e-mail-change or verification link whose token is a live one, not the outbox's placeholder. */
const LIVE_ONE_TIME_LINK =
  /\/(reset-password|confirm-email)\/(?!\[one-time token \d+\])[\w-]{16,}|verification=(?!(%5B|\[)one-time)[\w-]{16,}/;
/** An SMS whose e-sign code is there in clear, not as the outbox's placeholder. */
const LIVE_SMS_CODE = /sign your loan agreement is \d{6}\b/;

/**
 * Runs after every browser journey (a dependent project): no database row and no log line holds a
 * card number, security code, password, unencrypted bank account number, session token or live
 * one-time link (decision 013).
 */
test('no secret is at rest in clear after the journeys', () => {
  const remembered = rememberedSecrets();
  expect(remembered.length, 'the journeys handed over tokens to look for').toBeGreaterThan(0);
  const long = [
    ...TEST_SECRETS.cardNumbers.map((value) => ({ kind: 'card number', value })),
    { kind: 'password', value: TEST_SECRETS.password },
    { kind: 'bank account number', value: TEST_SECRETS.bankAccountNumber },
    ...remembered,
  ];

  const db = new Database(process.env.E2E_DATABASE!, { readonly: true, fileMustExist: true });
  const found: string[] = [];
  let cells = 0;
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  for (const { name } of tables) {
    for (const row of db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[]) {
      for (const [column, cell] of Object.entries(row)) {
        if (typeof cell !== 'string') continue;
        cells++;
        for (const s of long) if (cell.includes(s.value)) found.push(`${s.kind} in ${name}.${column}`);
        // A security code is short: only a whole cell holding it counts.
        if (cell === TEST_SECRETS.securityCode) found.push(`security code in ${name}.${column}`);
        // A stored e-mail keeps its one-time link as a placeholder, never as a live token.
        if (LIVE_ONE_TIME_LINK.test(cell)) found.push(`live one-time link in ${name}.${column}`);
        if (LIVE_SMS_CODE.test(cell)) found.push(`live SMS code in ${name}.${column}`);
      }
    }
  }
  db.close();
  expect(cells, 'the database has rows to look through').toBeGreaterThan(0);

  const log = fs.readFileSync(serverLogFile(), 'utf8');
  expect(log.length, 'the server wrote a log').toBeGreaterThan(0);
  for (const s of long) if (log.includes(s.value)) found.push(`${s.kind} in the server log`);
  if (log.includes(`"${TEST_SECRETS.securityCode}"`)) found.push('security code in the server log');
  if (LIVE_ONE_TIME_LINK.test(log)) found.push('live one-time link in the server log');
  if (LIVE_SMS_CODE.test(log)) found.push('live SMS code in the server log');

  expect(found).toEqual([]);
});
