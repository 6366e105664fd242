import type { IsoDate } from '@lender/contract/dates';
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { CreditReferenceAgency, SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { nowIso } from '../../lib/clock';
import { insertMany } from '../../db/many-rows';

/**
 * The states the outbox's partial indexes hold (migration 050), written into the statements as literals:
 * a prepared statement's generic plan cannot match a partial index to a parameter.
 */
const PENDING = sql.lit('pending' as const);
const REJECTED = sql.lit('rejected' as const);

/** The most records the protocol takes in one request (docs/credit-reference-protocol.md). */
export const RECORDS_PER_REQUEST = 500;

/** A record for the agency and the loan it is of, as the close of business derives it. */
export type OutgoingRecord = SharedRecord & { applicationId: number };

/** A record stored in the outbox: its row's id, and the record as it is sent. */
type Stored = { id: number; record: SharedRecord };

/** What one sending did: records received, refused, and whether the agency could not be reached. */
export type Sent = { sent: number; rejected: number; pending: number; unavailable: string | null };

/** A record the agency refused, as staff read it (`ops cra rejections`). */
export type RejectedRecord = {
  eventId: string;
  applicationId: number;
  accountReference: string;
  event: string;
  occurredOn: IsoDate;
  reason: string;
  receiptId: string | null;
  rejectedAt: string | null;
};

/**
 * The outbox of loan events for the credit reference agency (docs/decisions/059-credit-reporting-events.md),
 * keyed by event id: storing a record again is nothing. A close-of-business page's records are sent, then
 * stored with the answer (`sendAndStore`); any other record is stored pending, then sent (`sendPending`).
 * A record sent and then not stored as sent (a crash between the agency's answer and our write) is sent
 * again, which the agency's own idempotency on eventId absorbs.
 */
export function creditReportingOutbox(db: DbExecutor) {
  const rowsOf = (records: readonly OutgoingRecord[]) => {
    const created_at = nowIso();
    return records.map(({ applicationId, ...record }) => ({
      event_id: record.eventId,
      application_id: applicationId,
      event: record.event,
      occurred_on: record.occurredOn,
      record: JSON.stringify(record),
      last_error: null,
      receipt_id: null,
      rejection_reason: null,
      created_at,
      sent_at: null,
    }));
  };

  /** The agency's reason on every record left pending. */
  const markUnavailable = (reason: string) =>
    db
      .updateTable('credit_reporting_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: reason }))
      .where('state', '=', PENDING)
      .execute();

  /** One request of at most 500 stored records, and the agency's answer marked on each. */
  async function answerBatch(
    agency: CreditReferenceAgency,
    batch: readonly Stored[],
  ): Promise<{ sent: number; rejected: number; unavailable: string | null }> {
    const answer = await agency.submit(batch.map((b) => b.record));
    if (answer.outcome === 'unavailable') return { sent: 0, rejected: 0, unavailable: answer.reason };
    const at = nowIso();
    const refused = new Map(answer.rejected.map((r) => [r.eventId, r.reason]));
    let rejected = 0;
    for (const b of batch) {
      const reason = refused.get(b.record.eventId);
      if (reason === undefined) continue;
      await db
        .updateTable('credit_reporting_outbox')
        .set((eb) => ({
          state: 'rejected',
          attempts: eb('attempts', '+', 1),
          receipt_id: answer.receiptId,
          rejection_reason: reason,
          last_error: null,
          sent_at: at,
        }))
        .where('id', '=', b.id)
        .execute();
      rejected++;
    }
    const accepted = batch.filter((b) => !refused.has(b.record.eventId)).map((b) => b.id);
    if (accepted.length > 0) {
      await db
        .updateTable('credit_reporting_outbox')
        .set((eb) => ({
          state: 'sent',
          attempts: eb('attempts', '+', 1),
          receipt_id: answer.receiptId,
          last_error: null,
          sent_at: at,
        }))
        .where('id', 'in', accepted)
        .where('state', '=', PENDING)
        .execute();
    }
    return { sent: accepted.length, rejected, unavailable: null };
  }

  return {
    /** Stores the records not stored before; answers how many were new. */
    async store(records: readonly OutgoingRecord[]): Promise<number> {
      const { inserted } = await insertMany(db, 'credit_reporting_outbox', rowsOf(records), {
        skipExisting: 'event_id',
      });
      return inserted;
    },

    /** Whether any record waits to be sent (an agency that was down, a run that died before sending). */
    async anyPending(): Promise<boolean> {
      const found = await db
        .selectFrom('credit_reporting_outbox')
        .select('id')
        .where('state', '=', PENDING)
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    /**
     * Sends records a close-of-business page has just made, from memory, then stores each with the
     * agency's answer: sent or rejected, or pending with the reason when the agency did not answer. One
     * write a record, where storing it pending, then marking it, wrote it twice (docs/decisions/059: a
     * run killed between the sending and the storing derives the same records again, and the agency
     * keeps an eventId once). A record stored before (a day run again) stays as it was; only the new are
     * counted. The caller sends only while no older record waits, so the agency receives them in order.
     */
    async sendAndStore(
      agency: CreditReferenceAgency,
      records: readonly OutgoingRecord[],
    ): Promise<Sent & { stored: number }> {
      const tally = { sent: 0, rejected: 0, pending: 0, unavailable: null as string | null, stored: 0 };
      for (let from = 0; from < records.length; from += RECORDS_PER_REQUEST) {
        const batch = records.slice(from, from + RECORDS_PER_REQUEST);
        // Once the agency did not answer, the rest of the page is only stored, pending, for `sendPending`.
        const answer =
          tally.unavailable === null
            ? await agency.submit(batch.map(({ applicationId: _id, ...record }) => record))
            : ({ outcome: 'unavailable', reason: tally.unavailable } as const);
        const answeredAt = nowIso();
        const refused =
          answer.outcome === 'unavailable'
            ? new Map<string, string>()
            : new Map(answer.rejected.map((r) => [r.eventId, r.reason]));
        const rows = rowsOf(batch).map((row) => {
          if (answer.outcome === 'unavailable') return { ...row, attempts: 1, last_error: answer.reason };
          const reason = refused.get(row.event_id);
          return {
            ...row,
            state: reason === undefined ? ('sent' as const) : ('rejected' as const),
            attempts: 1,
            receipt_id: answer.receiptId,
            rejection_reason: reason ?? null,
            sent_at: answeredAt,
          };
        });
        const { rows: stored } = await insertMany(db, 'credit_reporting_outbox', rows, {
          skipExisting: 'event_id',
          returning: ['state'],
        });
        tally.stored += stored.length;
        for (const { state } of stored) {
          if (state === 'sent') tally.sent++;
          else if (state === 'rejected') tally.rejected++;
          else tally.pending++;
        }
        if (answer.outcome === 'unavailable') tally.unavailable = answer.reason;
      }
      return tally;
    },

    /**
     * Sends every pending record, oldest first, in requests of at most 500. An agency that does not
     * answer leaves the rest pending for the next run (its reason kept on them); nothing is ever dropped.
     */
    async sendPending(agency: CreditReferenceAgency): Promise<Sent> {
      const tally: Sent = { sent: 0, rejected: 0, pending: 0, unavailable: null };
      let after = 0;
      let sentAll = false;
      for (;;) {
        const batch = await db
          .selectFrom('credit_reporting_outbox')
          .select(['id', 'record'])
          .where('state', '=', PENDING)
          .where('id', '>', after)
          .orderBy('id')
          .limit(RECORDS_PER_REQUEST)
          .execute();
        if (batch.length === 0) {
          sentAll = true;
          break;
        }
        after = batch[batch.length - 1]!.id;
        const answered = await answerBatch(
          agency,
          batch.map((b) => ({ id: b.id, record: JSON.parse(b.record) as SharedRecord })),
        );
        if (answered.unavailable !== null) {
          await markUnavailable(answered.unavailable);
          tally.unavailable = answered.unavailable;
          break;
        }
        tally.sent += answered.sent;
        tally.rejected += answered.rejected;
      }
      // Every record pending when the sending began was answered: none is left but those stored since (by
      // another process), which the next sending counts. Counting them would read every record just marked
      // sent again, in the index, until a vacuum.
      if (sentAll) return tally;
      const left = await db
        .selectFrom('credit_reporting_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', PENDING)
        .executeTakeFirstOrThrow();
      tally.pending = Number(left.n);
      return tally;
    },

    /** A stored event by its id. */
    find: (eventId: string) =>
      db
        .selectFrom('credit_reporting_outbox')
        .select(['id', 'event_id', 'occurred_on', 'state', 'rejection_reason'])
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    /**
     * A rejected record made again from the corrected data, pending for the next sending; the agency's
     * reason is its last error until then (the staff service's audit keeps it, and who asked).
     */
    async requeue(eventId: string, record: SharedRecord): Promise<boolean> {
      const row = await this.find(eventId);
      if (row?.state !== 'rejected') return false;
      await db
        .updateTable('credit_reporting_outbox')
        .set({
          record: JSON.stringify(record),
          state: 'pending',
          last_error: `rejected before: ${row.rejection_reason ?? ''}`,
          rejection_reason: null,
          receipt_id: null,
          sent_at: null,
        })
        .where('id', '=', row.id)
        .where('state', '=', REJECTED)
        .execute();
      return true;
    },

    /** The records the agency refused, newest first. */
    async rejections(): Promise<RejectedRecord[]> {
      const rows = await db
        .selectFrom('credit_reporting_outbox')
        .select([
          'event_id',
          'application_id',
          'event',
          'occurred_on',
          'record',
          'rejection_reason',
          'receipt_id',
          'sent_at',
        ])
        .where('state', '=', REJECTED)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        eventId: r.event_id,
        applicationId: r.application_id,
        accountReference: (JSON.parse(r.record) as SharedRecord).accountReference,
        event: r.event,
        occurredOn: r.occurred_on,
        reason: r.rejection_reason ?? '',
        receiptId: r.receipt_id,
        rejectedAt: r.sent_at,
      }));
    },
  };
}

export type CreditReportingOutbox = ReturnType<typeof creditReportingOutbox>;
