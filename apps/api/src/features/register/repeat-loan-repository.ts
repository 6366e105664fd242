import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

/**
 * The answered repeat-loan requests (docs/decisions/027): found by the customer's idempotency key, with
 * the application each made; one per ended application it follows (a unique key), so a second racing
 * request's insert fails and its transaction makes nothing.
 */
export const repeatLoanRepository = (db: DbExecutor) => ({
  byKey: (customerId: number, key: string) =>
    db
      .selectFrom('repeat_loan_requests as r')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .select(['r.request_hash', 'r.error_id', 'r.error_message', 'a.guid'])
      .where('r.customer_id', '=', customerId)
      .where('r.idempotency_key', '=', key)
      .executeTakeFirst(),
  insert: (row: {
    customerId: number;
    key: string;
    hash: string;
    follows: number;
    applicationId: number;
    errorId: number;
    errorMessage: string;
  }) =>
    db
      .insertInto('repeat_loan_requests')
      .values({
        customer_id: row.customerId,
        idempotency_key: row.key,
        request_hash: row.hash,
        follows_application_id: row.follows,
        application_id: row.applicationId,
        error_id: row.errorId,
        error_message: row.errorMessage.slice(0, 300),
        created_at: nowIso(),
      })
      .execute(),
});
