import { AppStatus } from '@lender/contract/status';
import { SQLite } from '../../apps/api/src/db/sqlite-driver';
import pg from 'pg';
import { welcomeEmail } from '../../apps/api/src/features/register/welcome-email';
import { sha256 } from '../../apps/api/src/lib/secrets';
import type { AcceptAck, Stage1Ack } from './load';

/** Questions to the database the server wrote, on either dialect (and the odd change a test makes). */
export type Sql = {
  kind: 'sqlite' | 'postgres';
  /** `?` placeholders on both dialects. */
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** A statement that returns no rows (update, delete); the number of rows it changed. */
  run(text: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
};

/** Opening the file after a SIGKILL is what replays (or discards) the write-ahead log. */
export function openSqlite(file: string): Sql {
  const database = new SQLite(file, { fileMustExist: true });
  return {
    kind: 'sqlite',
    all: async <T>(text: string, params: unknown[] = []) => database.prepare(text).all(...params) as T[],
    run: async (text: string, params: unknown[] = []) => database.prepare(text).run(...params).changes,
    close: async () => void database.close(),
  };
}

export async function openPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const query = (text: string, params: unknown[]) => {
    let n = 0;
    return client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
  };
  return {
    kind: 'postgres',
    all: async <T>(text: string, params: unknown[] = []) => (await query(text, params)).rows as T[],
    run: async (text: string, params: unknown[] = []) => (await query(text, params)).rowCount ?? 0,
    close: () => client.end(),
  };
}

export type Check = { name: string; ok: boolean; detail: string };

const MAX_LISTED = 10;
const listed = (items: string[]) =>
  items.slice(0, MAX_LISTED).join('; ') +
  (items.length > MAX_LISTED ? `; ... ${items.length - MAX_LISTED} more` : '');

/** A check over `total` items of which `missing` failed. */
const over = (name: string, total: number, missing: string[]): Check => ({
  name,
  ok: missing.length === 0,
  detail:
    missing.length === 0 ? `${total}/${total}` : `${missing.length} of ${total} missing: ${listed(missing)}`,
});

type Customer = { id: number; email: string };
type Application = {
  id: number;
  guid: string;
  customer_id: number;
  status_id: number;
  accepted_at: string | null;
};
type Decision = { application_id: number | null; customer_id: number | null; kind: string };

const WELCOME_SUBJECT = welcomeEmail({ firstName: '', amountPence: 0, setPasswordUrl: '' }).subject;

/**
 * Every acknowledged call is in the database, and nothing is half written: each customer has the whole
 * of its SubmitStage1 transaction, each accepted application the whole of its AcceptQuote one.
 */
export async function verifyAcknowledged(
  sql: Sql,
  stage1: Stage1Ack[],
  accepted: AcceptAck[],
): Promise<{ checks: Check[]; verified: number }> {
  const customers = await sql.all<Customer>('select id, email from customers');
  const applications = await sql.all<Application>(
    'select id, guid, customer_id, status_id, accepted_at from applications',
  );
  const mails = await sql.all<{ to_address: string }>(
    "select to_address from outbox where channel = 'email' and subject = ?",
    [WELCOME_SUBJECT],
  );
  const refresh = await sql.all<{ customer_id: number; token_hash: string }>(
    'select customer_id, token_hash from refresh_tokens',
  );
  const oneTime = await sql.all<{ customer_id: number; purpose: string }>(
    'select customer_id, purpose from one_time_tokens',
  );
  const decisions = await sql.all<Decision>(
    'select application_id, customer_id, kind from application_decisions',
  );

  const customerByEmail = new Map(customers.map((c) => [c.email, Number(c.id)]));
  const appsByCustomer = new Map<number, Application[]>();
  for (const a of applications) {
    const list = appsByCustomer.get(Number(a.customer_id)) ?? [];
    list.push(a);
    appsByCustomer.set(Number(a.customer_id), list);
  }
  const applicationByGuid = new Map(applications.map((a) => [a.guid, a]));
  const mailedTo = new Map<string, number>();
  for (const m of mails) mailedTo.set(m.to_address, (mailedTo.get(m.to_address) ?? 0) + 1);
  const refreshByHash = new Map(refresh.map((r) => [r.token_hash, Number(r.customer_id)]));
  const withRefresh = new Set(refresh.map((r) => Number(r.customer_id)));
  const withSetPassword = new Set(
    oneTime.filter((r) => r.purpose === 'set-password').map((r) => Number(r.customer_id)),
  );
  const passedStage1 = new Set(
    decisions.filter((d) => d.kind === 'stage1-passed').map((d) => Number(d.application_id)),
  );
  const acceptDecided = new Set(
    decisions.filter((d) => d.kind === 'quote-accepted').map((d) => Number(d.application_id)),
  );

  const checks: Check[] = [];
  const noCustomer: string[] = [];
  const noApplication: string[] = [];
  const noMail: string[] = [];
  const noRefresh: string[] = [];
  let verified = 0;
  for (const ack of stage1) {
    const problemsBefore = noCustomer.length + noApplication.length + noMail.length + noRefresh.length;
    const id = customerByEmail.get(ack.email);
    if (id === undefined) {
      noCustomer.push(`${ack.email} (no customer row)`);
      noApplication.push(`${ack.email} (no customer)`);
      noRefresh.push(`${ack.email} (no customer)`);
    } else {
      if (id !== ack.customerId)
        noCustomer.push(`${ack.email} is customer ${id}, its token says ${ack.customerId}`);
      const apps = appsByCustomer.get(id) ?? [];
      if (
        apps.length !== 1 ||
        ![AppStatus.applicationNew, AppStatus.offerAccepted].includes(apps[0]!.status_id as 1)
      )
        noApplication.push(
          `${ack.email}: ${apps.length} applications, statuses ${apps.map((a) => a.status_id)}`,
        );
      const owner = refreshByHash.get(sha256(ack.refreshToken));
      if (owner !== id)
        noRefresh.push(`${ack.email}: refresh token ${owner === undefined ? 'absent' : `of ${owner}`}`);
    }
    if (!mailedTo.has(ack.email)) noMail.push(ack.email);
    if (noCustomer.length + noApplication.length + noMail.length + noRefresh.length === problemsBefore)
      verified += 1;
  }
  checks.push(
    over(
      'every acknowledged SubmitStage1 has its customer row (id = token subject)',
      stage1.length,
      noCustomer,
    ),
  );
  checks.push(over('... and its application (status 1 or 3)', stage1.length, noApplication));
  checks.push(over('... and its welcome e-mail in the outbox', stage1.length, noMail));
  checks.push(over('... and its refresh token row', stage1.length, noRefresh));

  const notAccepted: string[] = [];
  for (const ack of accepted) {
    const a = applicationByGuid.get(ack.guid);
    const owner = customerByEmail.get(ack.email);
    if (!a) notAccepted.push(`${ack.guid} (${ack.email}): no application with that guid`);
    else if (Number(a.customer_id) !== owner)
      notAccepted.push(`${ack.guid}: belongs to ${a.customer_id}, not ${ack.email}`);
    else if (a.status_id !== AppStatus.offerAccepted || !a.accepted_at)
      notAccepted.push(`${ack.guid} (${ack.email}): status ${a.status_id}, accepted_at ${a.accepted_at}`);
    else verified += 1;
  }
  checks.push(
    over('every acknowledged AcceptQuote has its application at status 3', accepted.length, notAccepted),
  );

  // Committed but unanswered calls (cut off by a kill) are allowed; half of a transaction is not.
  const partial: string[] = [];
  for (const c of customers) {
    const id = Number(c.id);
    const apps = appsByCustomer.get(id) ?? [];
    const lacks = [
      apps.length === 1 ? '' : `${apps.length} applications`,
      apps.every((a) => passedStage1.has(Number(a.id))) ? '' : 'stage1 decision',
      withSetPassword.has(id) ? '' : 'set-password token',
      withRefresh.has(id) ? '' : 'refresh token',
      mailedTo.has(c.email) ? '' : 'welcome e-mail',
    ].filter(Boolean);
    if (lacks.length) partial.push(`customer ${id} (${c.email}) lacks ${lacks.join(', ')}`);
  }
  for (const a of applications) {
    const isAccepted = a.status_id === AppStatus.offerAccepted;
    if (isAccepted !== Boolean(a.accepted_at) || isAccepted !== acceptDecided.has(Number(a.id)))
      partial.push(
        `application ${a.id}: status ${a.status_id}, accepted_at ${a.accepted_at}, ` +
          `quote-accepted decision ${acceptDecided.has(Number(a.id))}`,
      );
  }
  checks.push(
    over(
      'no half-written transaction (every customer and application in the database is whole)',
      customers.length + applications.length,
      partial,
    ),
  );
  return { checks, verified };
}

/** SQLite's own consistency checks of the file. */
export async function verifySqliteFile(sql: Sql): Promise<Check[]> {
  const integrity = await sql.all<{ integrity_check: string }>('pragma integrity_check');
  const foreignKeys = await sql.all<{ table: string; rowid: number; parent: string }>(
    'pragma foreign_key_check',
  );
  const verdict = integrity.map((r) => r.integrity_check).join('; ');
  return [
    { name: "PRAGMA integrity_check is 'ok'", ok: verdict === 'ok', detail: verdict },
    {
      name: 'PRAGMA foreign_key_check is empty',
      ok: foreignKeys.length === 0,
      detail:
        foreignKeys.length === 0
          ? 'no rows'
          : listed(foreignKeys.map((r) => `${r.table} row ${r.rowid} -> ${r.parent}`)),
    },
  ];
}

/** Rows whose parent is missing, table by table (PostgreSQL has no integrity pragma). */
export async function verifyOrphans(sql: Sql): Promise<Check> {
  const children: Array<[string, string, string]> = [
    ['applications', 'customer_id', 'customers'],
    ['refresh_tokens', 'customer_id', 'customers'],
    ['one_time_tokens', 'customer_id', 'customers'],
    ['application_decisions', 'customer_id', 'customers'],
    ['application_decisions', 'application_id', 'applications'],
  ];
  const orphans: string[] = [];
  for (const [table, column, parent] of children) {
    const rows = await sql.all<{ id: number }>(
      `select c.id from ${table} c left join ${parent} p on p.id = c.${column} ` +
        `where c.${column} is not null and p.id is null`,
    );
    for (const r of rows) orphans.push(`${table} ${r.id}: ${column} has no ${parent} row`);
  }
  // The constraints themselves must exist, or the query above only proves this run was lucky.
  const constraints = await sql.all<{ n: number }>(
    "select count(*)::int as n from information_schema.table_constraints where constraint_type = 'FOREIGN KEY' " +
      'and table_schema = current_schema()',
  );
  const declared = Number(constraints[0]?.n ?? 0);
  if (declared < children.length)
    orphans.push(`only ${declared} foreign keys declared, expected ${children.length}`);
  return {
    name: 'no rows without their parent (applications, tokens, decisions) and the foreign keys are declared',
    ok: orphans.length === 0,
    detail: orphans.length === 0 ? `${children.length} relations, ${declared} foreign keys` : listed(orphans),
  };
}

/** The customer of one SubmitStage1 is there, with its application. */
export async function verifyOneCustomer(sql: Sql, email: string): Promise<boolean> {
  const rows = await sql.all<{ n: number }>(
    'select count(*) as n from customers c join applications a on a.customer_id = c.id where c.email = ?',
    [email],
  );
  return Number(rows[0]?.n) === 1;
}
