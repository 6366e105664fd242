import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import type { CreditReferenceAgency, SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { nowIso } from '../../lib/clock';
import { insertMany } from '../../db/many-rows';
import { chunks } from '../loans/loan-repository';

/** The most records the protocol takes in one request (docs/credit-reference-protocol.md). */
export const RECORDS_PER_REQUEST = 500;

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
 * The outbox of loan events for the credit reference agency (docs/decisions/059-credit-reporting-events.md).
 * A record is stored before it is sent and keyed by its event id: storing it again is nothing, and a
 * record whose 'sent' mark was lost (a crash between the agency's answer and our update) is sent again,
 * which the agency's own idempotency on eventId absorbs.
 */
export function creditReportingOutbox(db: DbExecutor) {
  return {
    /** Stores the records not stored before; answers how many were new. */
    async store(records: readonly (SharedRecord & { applicationId: number })[]): Promise<number> {
      const created_at = nowIso();
      const { inserted } = await insertMany(
        db,
        'credit_reporting_outbox',
        records.map(({ applicationId, ...record }) => ({
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
        })),
        { skipExisting: 'event_id' },
      );
      return inserted;
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
          .select(['id', 'event_id', 'record'])
          .where('state', '=', 'pending')
          .where('id', '>', after)
          .orderBy('id')
          .limit(RECORDS_PER_REQUEST)
          .execute();
        if (batch.length === 0) {
          sentAll = true;
          break;
        }
        after = batch[batch.length - 1]!.id;
        const ids = batch.map((b) => b.id);
        const answer = await agency.submit(batch.map((b) => JSON.parse(b.record) as SharedRecord));
        if (answer.outcome === 'unavailable') {
          await db
            .updateTable('credit_reporting_outbox')
            .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: answer.reason }))
            .where('state', '=', 'pending')
            .execute();
          tally.unavailable = answer.reason;
          break;
        }
        const at = nowIso();
        const refused = new Map(answer.rejected.map((r) => [r.eventId, r.reason]));
        for (const b of batch) {
          const reason = refused.get(b.event_id);
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
          tally.rejected++;
        }
        const accepted = ids.filter((_, k) => !refused.has(batch[k]!.event_id));
        for (const part of chunks(accepted, 500)) {
          if (part.length === 0) continue;
          await db
            .updateTable('credit_reporting_outbox')
            .set((eb) => ({
              state: 'sent',
              attempts: eb('attempts', '+', 1),
              receipt_id: answer.receiptId,
              last_error: null,
              sent_at: at,
            }))
            .where('id', 'in', part)
            .where('state', '=', 'pending')
            .execute();
        }
        tally.sent += accepted.length;
      }
      // Every record pending when the sending began was answered: none is left but those stored since (by
      // another process), which the next sending counts. Counting them would read every record just marked
      // sent again, in the index, until a vacuum.
      if (sentAll) return tally;
      const left = await db
        .selectFrom('credit_reporting_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'pending')
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
        .where('state', '=', 'rejected')
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
        .where('state', '=', 'rejected')
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
