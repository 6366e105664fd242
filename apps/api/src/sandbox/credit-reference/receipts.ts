import crypto from 'node:crypto';
import type { CraSandboxDb } from './tables';

export type Rejection = { recordId: string; reason: string };

/** The protocol's receipt of records or of a monthly file. */
export type Receipt = { receiptId: string; accepted: number; rejected: Rejection[] };

export const newReceiptId = () => `RCPT-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/** Keeps what was rejected, so the lender's rejections can be compared with the agency's. */
export async function storeRejections(
  db: CraSandboxDb,
  receiptId: string,
  where: { source: 'records' | 'monthly'; month: string | null },
  rejected: readonly Rejection[],
  receivedAt: string,
) {
  if (rejected.length === 0) return;
  await db
    .insertInto('cra_sandbox_rejections')
    .values(
      rejected.map((r) => ({
        receipt_id: receiptId,
        source: where.source,
        month: where.month,
        record_id: r.recordId.slice(0, 100),
        reason: r.reason.slice(0, 300),
        received_at: receivedAt,
      })),
    )
    .execute();
}
