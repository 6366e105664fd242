import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isIsoDate } from '@lender/contract/dates';
import { nowIso } from '../../lib/clock';
import type { CraSandboxContext } from './plugin';
import { newReceiptId, storeRejections, type Rejection } from './receipts';
import { insertMany } from '../../db/many-rows';

/** The protocol's limit of records a call. */
export const MAX_RECORDS = 500;
/** 500 records of well under 2 KB each. */
const BODY_LIMIT_BYTES = 1024 * 1024;

const date = z.string().refine(isIsoDate, { message: 'not a calendar date (yyyy-mm-dd)' });
const text = (max: number) => z.string().trim().min(1).max(max);
const pence = z.number().int().min(0).max(100_000_000);

const recordSchema = z
  .object({
    eventId: text(100),
    // The monthly file's account reference has 20 characters.
    accountReference: text(20),
    event: z.enum([
      'opened',
      'payment',
      'missed',
      'arrangement',
      'default',
      'settled',
      'written-off',
      'withdrawn',
    ]),
    occurredOn: date,
    openedOn: date,
    originalAmountPence: pence.min(1),
    balancePence: pence,
    monthlyPaymentPence: pence,
    status: z.enum(['0', '1', '2', '3', '4', '5', '6', 'D', 'S', 'U']),
    arrangement: z.boolean(),
    borrower: z.object({
      firstName: text(100),
      lastName: text(100),
      birthDate: date,
      address: z.object({
        line1: text(200),
        line2: z.string().max(200).nullable(),
        town: text(100),
        postcode: text(10),
        since: date.nullable(),
      }),
    }),
  })
  .refine((r) => r.occurredOn >= r.openedOn, {
    message: 'occurredOn is before openedOn',
    path: ['occurredOn'],
  });

type AcceptedRecord = z.infer<typeof recordSchema>;

const bodySchema = z.object({ records: z.array(z.unknown()).min(1).max(MAX_RECORDS) });

/** The first thing wrong with a record, as a person reading the rejection needs it. */
function whyRejected(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.join('.') || 'record';
  return `${field}: ${issue.message}`;
}

const eventIdOf = (record: unknown, index: number) => {
  const id = (record as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'string' && id.trim() !== '' ? id : `record ${index + 1}`;
};

/**
 * POST /v1/records: each record checked alone; accepted ones stored once per eventId (an eventId
 * received before is counted as accepted again, and not stored twice), rejected ones kept with why.
 */
export function registerRecords(app: FastifyInstance, ctx: CraSandboxContext) {
  app.post('/v1/records', { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
    const body = bodySchema.safeParse(req.body);
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: `The body must be { "records": [...] } with 1 to ${MAX_RECORDS} records.` });
    }
    const receiptId = newReceiptId();
    const receivedAt = nowIso();
    const accepted: AcceptedRecord[] = [];
    const rejected: Rejection[] = [];
    body.data.records.forEach((raw, index) => {
      const parsed = recordSchema.safeParse(raw);
      if (parsed.success) accepted.push(parsed.data);
      else rejected.push({ recordId: eventIdOf(raw, index), reason: whyRejected(parsed.error) });
    });
    // The unique eventId makes a record sent again (or twice in one call, or by two calls racing) one row;
    // one statement for the batch, as an agency ingests a batch, not a round trip per record.
    await insertMany(
      ctx.db,
      'cra_sandbox_records',
      accepted.map((record) => ({
        event_id: record.eventId,
        receipt_id: receiptId,
        account_reference: record.accountReference,
        event: record.event,
        occurred_on: record.occurredOn,
        record_json: JSON.stringify(record),
        received_at: receivedAt,
      })),
      { skipExisting: 'event_id' },
    );
    await storeRejections(ctx.db, receiptId, { source: 'records', month: null }, rejected, receivedAt);
    return reply.code(200).send({ receiptId, accepted: accepted.length, rejected });
  });
}
