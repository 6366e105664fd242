import Fastify, { type FastifyInstance } from 'fastify';
import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/create-db';
import type { BankAccountRead, BankTransaction } from '../../lib/open-banking/account-information';
import {
  httpAccountInformation,
  type HttpAccountInformationOptions,
} from '../../lib/open-banking/http-account-information';
import { injectTransport } from '../../lib/provider-transports';
import { createTestApp } from '../../test/test-app';
import type { OpenBankingSandboxOptions } from './plugin';
import { OB_SANDBOX_PATH, registerOpenBankingSandbox } from './register-sandbox';
import type { SandboxBankCustomer } from './sandbox-customers';

export const OB_TEST_CLIENT = { id: 'test-lender', secret: 'test-lender-secret: with + and =' };
/** Where the test lender's browser reaches the sandbox, and where the bank sends the applicant back. */
export const OB_TEST_BASE_URL = 'http://lender.test:3000/sandbox/open-banking';
export const OB_TEST_REDIRECT = 'http://lender.test:3000/open-banking/return';

/** Amounts a float would get wrong (4.35 * 100 is 434.99999999999994) among round ones. */
const AWKWARD_PENCE = [435, 1_005, 29, 74_999, 1, 12_345_678];

/**
 * The tests' own statements, since sandbox-customers.ts fills its customers in elsewhere: `salaried`
 * has 130 transactions in 90 days on its current account (two pages) and a savings account; `stressed`
 * is overdrawn; `empty` has an account with none; `gig` has no account.
 */
export function fixtureAccounts(customer: SandboxBankCustomer, today: IsoDate): BankAccountRead[] {
  if (customer === 'empty')
    return [{ accountId: 'acc-empty', subType: 'CurrentAccount', balancePence: 0, transactions: [] }];
  if (customer === 'gig') return [];
  if (customer === 'stressed') {
    return [
      {
        accountId: 'acc-stressed',
        subType: 'CurrentAccount',
        balancePence: -12_050,
        transactions: [fixtureTx(today, 0)],
      },
    ];
  }
  // Oldest first, as a statement is printed: the bank answers newest first.
  const current = Array.from({ length: 130 }, (_, i) =>
    fixtureTx(addDays(today, -Math.floor((129 - i) * 0.69)), i),
  );
  return [
    { accountId: 'acc-salaried', subType: 'CurrentAccount', balancePence: 240_000, transactions: current },
    {
      accountId: 'acc-savings',
      subType: 'Savings',
      balancePence: 50_000,
      transactions: [{ ...fixtureTx(addDays(today, -3), 0), transactionId: 'sav-1', counterparty: null }],
    },
  ];
}

function fixtureTx(bookedOn: IsoDate, i: number): BankTransaction {
  const salary = i % 30 === 0;
  return {
    transactionId: `tx-${i}`,
    bookedOn,
    amountPence: salary ? 240_000 : AWKWARD_PENCE[i % AWKWARD_PENCE.length]!,
    direction: salary ? 'credit' : 'debit',
    status: i === 129 ? 'pending' : 'booked',
    description: salary ? 'ACME LTD SALARY' : `CARD PAYMENT ${i}`,
    merchantName: salary ? null : 'TESCO STORES',
    merchantCategoryCode: salary ? null : '5411',
    bankCode: salary ? 'BGC' : 'POS',
    counterparty: salary ? 'ACME LTD' : 'TESCO STORES',
    balanceAfterPence: i % 2 === 0 ? 100_000 - i * 1_000 : null,
  };
}

/**
 * A bare server with only the sandbox bank mounted, at its usual path, on a freshly migrated database of
 * its own (PostgreSQL when TEST_DATABASE_URL is set), its statements dated from that app's business date
 * and its clock movable (`clock.advance`).
 */
export async function createObSandboxServer(options: Partial<OpenBankingSandboxOptions> = {}) {
  const t = await createTestApp();
  const app = Fastify();
  let offsetMs = 0;
  const today = () => t.ctx.businessDate.refresh(true);
  await registerOpenBankingSandbox(app, {
    db: t.ctx.db,
    clientId: OB_TEST_CLIENT.id,
    clientSecret: OB_TEST_CLIENT.secret,
    redirectUrl: OB_TEST_REDIRECT,
    baseUrl: OB_TEST_BASE_URL,
    today,
    now: () => new Date(Date.now() + offsetMs),
    accounts: fixtureAccounts,
    ...options,
  });
  await app.ready();
  return {
    app,
    db: t.ctx.db as Db,
    today,
    businessDate: t.ctx.businessDate,
    clock: { advance: (ms: number) => void (offsetMs += ms) },
    close: async () => {
      await app.close();
      await t.close();
    },
  };
}

/** The lender's adapter, speaking to the sandbox `app` serves, in process. */
export const sandboxAdapter = (app: FastifyInstance, options: Partial<HttpAccountInformationOptions> = {}) =>
  httpAccountInformation({
    clientId: OB_TEST_CLIENT.id,
    clientSecret: OB_TEST_CLIENT.secret,
    transport: injectTransport(app, OB_SANDBOX_PATH),
    baseUrl: OB_TEST_BASE_URL,
    ...options,
  });

/** The sandbox path (for inject) of a URL the browser is sent to. */
export const injectUrlOf = (browserUrl: string) => {
  if (!browserUrl.startsWith(`${OB_TEST_BASE_URL}/`)) throw new Error(`not the sandbox: ${browserUrl}`);
  return `${OB_SANDBOX_PATH}${browserUrl.slice(OB_TEST_BASE_URL.length)}`;
};

/** The consent page's form posted as the browser posts it. */
export const postConsentForm = (app: FastifyInstance, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `${OB_SANDBOX_PATH}/authorise`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The hidden fields of the consent page at `authorisationUrl`, as its form would post them. */
export function consentFormFields(authorisationUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(authorisationUrl).searchParams);
}

/** Reads the redirect the bank answered with (303) into its query. */
export function redirectQuery(location: unknown): Record<string, string> {
  if (typeof location !== 'string' || !location.startsWith(`${OB_TEST_REDIRECT}?`)) {
    throw new Error(`not a redirect to the lender: ${String(location)}`);
  }
  return Object.fromEntries(new URL(location).searchParams);
}

/** HTTP Basic as the lender's client sends it on /token and /banks (id and secret form-encoded first). */
export const basicAuth = (id = OB_TEST_CLIENT.id, secret = OB_TEST_CLIENT.secret) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A call to the sandbox bank as the lender's server makes it, at `sandbox-bank` unless told. */
export const callObSandbox = (
  app: FastifyInstance,
  call: {
    method?: 'GET' | 'POST' | 'DELETE';
    path: string;
    authorization?: string;
    bank?: string | null;
    form?: Record<string, string>;
    json?: unknown;
  },
) =>
  app.inject({
    method: call.method ?? 'GET',
    url: `${OB_SANDBOX_PATH}${call.path}`,
    headers: {
      ...(call.authorization ? { authorization: call.authorization } : {}),
      ...(call.bank === null ? {} : { 'x-fapi-financial-id': call.bank ?? 'sandbox-bank' }),
      ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: call.form ? new URLSearchParams(call.form).toString() : (call.json as object | undefined),
  });

/** Every row of every sandbox bank table, found by the database itself: for proving what is not stored. */
export async function everyObSandboxRow(db: Db): Promise<string[]> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => n.startsWith('ob_sandbox_'));
  const rows: string[] = [];
  for (const table of tables) {
    const found = await (db as unknown as Kysely<Record<string, object>>)
      .selectFrom(table)
      .selectAll()
      .execute();
    rows.push(...found.map((row) => `${table}: ${JSON.stringify(row)}`));
  }
  return rows;
}
