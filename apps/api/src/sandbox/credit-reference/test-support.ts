import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db';
import type { SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { createTestApp } from '../../test/test-app';
import { CRA_SANDBOX_PATH, registerCreditReferenceSandbox } from './register-sandbox';
import { craSandboxDb } from './tables';

export const CRA_SANDBOX_KEY = 'credit-reference-sandbox-key';

/**
 * A bare server with only the sandbox mounted, at its usual path, on a freshly migrated database of its
 * own (PostgreSQL when TEST_DATABASE_URL is set), the files dated from that app's business date.
 */
export async function createCraSandboxServer(options: { slowpokeMs?: number } = {}): Promise<{
  app: FastifyInstance;
  db: Db;
  today: () => Promise<string>;
  close: () => Promise<void>;
}> {
  const t = await createTestApp();
  const app = Fastify();
  const today = () => t.ctx.businessDate.refresh(true);
  await registerCreditReferenceSandbox(app, { db: t.ctx.db, key: CRA_SANDBOX_KEY, today, ...options });
  await app.ready();
  return {
    app,
    db: t.ctx.db,
    today,
    close: async () => {
      await app.close();
      await t.close();
    },
  };
}

/** A call to the sandbox as the lender's server makes it. */
export const callCraSandbox = (
  app: FastifyInstance,
  call: { method?: 'GET' | 'POST'; path: string; payload?: string | object; contentType?: string },
  key = CRA_SANDBOX_KEY,
) =>
  app.inject({
    method: call.method ?? 'POST',
    url: `${CRA_SANDBOX_PATH}${call.path}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
    },
    payload: call.payload,
  });

/** The searches the lender made of `surname` (any case), oldest first: to count soft and hard searches. */
export async function craSearchesFor(db: Db, surname: string) {
  const rows = await craSandboxDb(db)
    .selectFrom('cra_sandbox_searches')
    .selectAll()
    .where('surname', '=', surname.trim().toLowerCase())
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    type: r.search_type,
    searchedOn: r.searched_on,
    consentReference: r.consent_reference,
  }));
}

/** The shared records the agency holds, once each, for these eventIds (all when none are given). */
export async function craRecordsReceived(db: Db, eventIds?: readonly string[]) {
  if (eventIds && eventIds.length === 0) return [];
  let query = craSandboxDb(db).selectFrom('cra_sandbox_records').selectAll().orderBy('id');
  if (eventIds) query = query.where('event_id', 'in', eventIds);
  const rows = await query.execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    receiptId: r.receipt_id,
    record: JSON.parse(r.record_json) as SharedRecord,
    receivedAt: r.received_at,
  }));
}

/** The accepted account lines of every file sent for `month` (yyyy-mm), in the order received. */
export async function craMonthlyLinesReceived(db: Db, month: string) {
  const rows = await craSandboxDb(db)
    .selectFrom('cra_sandbox_monthly_lines')
    .selectAll()
    .where('month', '=', month)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    receiptId: r.receipt_id,
    lineNumber: r.line_number,
    accountReference: r.account_reference,
    status: r.status,
    balancePence: r.balance_pence,
    line: r.line,
  }));
}

/** What the agency rejected, oldest first: of shared records, of monthly files, or of one month's files. */
export async function craRejections(db: Db, where: { source?: 'records' | 'monthly'; month?: string } = {}) {
  let query = craSandboxDb(db).selectFrom('cra_sandbox_rejections').selectAll().orderBy('id');
  if (where.source) query = query.where('source', '=', where.source);
  if (where.month) query = query.where('month', '=', where.month);
  const rows = await query.execute();
  return rows.map((r) => ({
    receiptId: r.receipt_id,
    source: r.source,
    month: r.month,
    recordId: r.record_id,
    reason: r.reason,
  }));
}
