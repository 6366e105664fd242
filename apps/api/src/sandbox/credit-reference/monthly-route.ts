import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { readMonthlyFile } from './monthly-file';
import type { CraSandboxContext } from './plugin';
import { newReceiptId, storeRejections } from './receipts';

/** A month's file of a large book: about 200 bytes an account. */
const BODY_LIMIT_BYTES = 64 * 1024 * 1024;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Rows a single insert carries: within PostgreSQL's and SQLite's bound-parameter limits. */
const INSERT_CHUNK = 500;

/**
 * POST /v1/monthly/:month takes the month's fixed-width file (text/plain). Every file is a new receipt:
 * its accepted lines and its rejections are kept under it; a file rejected whole keeps one rejection.
 */
export function registerMonthly(app: FastifyInstance, ctx: CraSandboxContext) {
  app.post<{ Params: { month: string } }>(
    '/v1/monthly/:month',
    { bodyLimit: BODY_LIMIT_BYTES },
    async (req, reply) => {
      const { month } = req.params;
      if (!MONTH.test(month)) return reply.code(400).send({ error: 'The month must be yyyy-mm.' });
      if (typeof req.body !== 'string') {
        return reply.code(400).send({ error: 'The file must be sent as text/plain.' });
      }
      const reading = readMonthlyFile(req.body, month);
      const receiptId = newReceiptId();
      const receivedAt = nowIso();
      const where = { source: 'monthly' as const, month };
      if (reading.outcome === 'rejected') {
        const rejected = [
          { recordId: `line ${reading.rejection.lineNumber}`, reason: reading.rejection.reason },
        ];
        await storeRejections(ctx.db, receiptId, where, rejected, receivedAt);
        return reply.code(200).send({ receiptId, accepted: 0, rejected });
      }
      const rejected = reading.rejected.map((r) => ({ recordId: `line ${r.lineNumber}`, reason: r.reason }));
      await ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < reading.accepted.length; i += INSERT_CHUNK) {
          await trx
            .insertInto('cra_sandbox_monthly_lines')
            .values(
              reading.accepted.slice(i, i + INSERT_CHUNK).map((line) => ({
                month,
                receipt_id: receiptId,
                line_number: line.lineNumber,
                account_reference: line.accountReference,
                status: line.status,
                balance_pence: line.balancePence,
                line: line.line,
                received_at: receivedAt,
              })),
            )
            .execute();
        }
        await storeRejections(trx, receiptId, where, rejected, receivedAt);
      });
      return reply.code(200).send({ receiptId, accepted: reading.accepted.length, rejected });
    },
  );
}
