import {
  type complaintSchema,
  type holdingResponseBodySchema,
  type complaintsReportSchema,
  type logComplaintBodySchema,
  type resolveComplaintBodySchema,
} from '@lender/contract/calls/staff-complaints';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { Msg } from '@lender/contract/rules/messages';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { staffActor, type Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffNames } from '../../entities/staff/actor-names';
import { documentRepository } from '../../entities/documents/document-repository';
import { renderStatementPdf } from '../../documents/render-pdf';
import { nowIso } from '../../lib/clock';
import { documentStoreFor, trackedStore } from '../../lib/document-store';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import { clockOf, deadlineOf, summaryBy } from './complaint-clock';
import { complaintsReport } from './complaints-report';
import {
  acknowledgementEmail,
  finalResponseEmail,
  holdingResponseEmail,
  finalResponseLetter,
  summaryResolutionEmail,
  type LetterFacts,
} from './complaint-letters';
import type { ComplaintTable } from './complaint-tables';

type Complaint = z.output<typeof complaintSchema>;
type NewComplaint = z.output<typeof logComplaintBodySchema>;
type Resolution = z.output<typeof resolveComplaintBodySchema>;
type Holding = z.output<typeof holdingResponseBodySchema>;
type Report = z.output<typeof complaintsReportSchema>;
type Row = Selectable<ComplaintTable>;
export type Acting = { staffId: number; address: string };

/** The complaint's reference, as the customer quotes it. */
export const referenceOf = (id: number) => `CMP-${String(id).padStart(6, '0')}`;

/**
 * The complaints register (issue 48 item 7, FCA DISP 1.6; docs/decisions/068-staff-complaints.md): a complaint
 * is logged with its deadlines and acknowledged by e-mail in the same transaction, so the acknowledgement
 * goes once and only with a complaint that was kept; it is closed once, by a summary resolution
 * communication within 3 business days of receipt or a final response letter kept as a PDF in the
 * customer's documents. Redress is recorded here and paid as a refund proposal (four eyes), not here.
 * Every act and every reading is in the staff audit.
 */
export function complaintsRegister(ctx: AppContext) {
  const db = ctx.db;
  const audit = auditRepository(db);

  const customerNames = async (ids: readonly number[]) => {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map<number, string>();
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
  };

  const views = async (rows: Row[]): Promise<Complaint[]> => {
    const today = ctx.businessDate.today();
    const [staffName, customers] = await Promise.all([
      staffNames(
        db,
        rows.flatMap((r) => [r.logged_by, r.closed_by]),
      ),
      customerNames(rows.map((r) => r.customer_id)),
    ]);
    return rows.map((r) => ({
      complaintId: r.id,
      reference: referenceOf(r.id),
      customerId: r.customer_id,
      customerName: customers.get(r.customer_id) ?? '',
      loanId: r.loan_id,
      channel: r.channel as Complaint['channel'],
      category: r.category as Complaint['category'],
      summary: r.summary,
      receivedOn: r.received_on,
      summaryBy: r.summary_by,
      deadlineOn: r.deadline_on,
      clock: clockOf(r.deadline_on, r.closed_on, today),
      loggedBy: staffName(r.logged_by),
      loggedAt: r.logged_at,
      acknowledgedAt: r.acknowledged_at,
      holdingSentOn: r.holding_sent_on,
      closedOn: r.closed_on,
      closedBy: r.closed_by === null ? null : staffName(r.closed_by),
      outcome: r.outcome as Complaint['outcome'],
      rootCause: r.root_cause,
      reasons: r.reasons,
      redressPence: r.redress_pence,
      response: r.response as Complaint['response'],
      documentId: r.document_id,
    }));
  };

  const rowOf = (id: number) =>
    db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async log(input: NewComplaint, by: Acting): Promise<StaffResult<Complaint>> {
      const customer = await db
        .selectFrom('customers')
        .select(['id', 'email', 'first_name'])
        .where('id', '=', input.customerId)
        .executeTakeFirst();
      if (!customer) return refused(`No customer ${input.customerId}.`, 'unknown');
      if (input.loanId) {
        const loan = await db
          .selectFrom('applications')
          .select('id')
          .where('id', '=', input.loanId)
          .where('customer_id', '=', input.customerId)
          .executeTakeFirst();
        if (!loan) return refused(`Customer ${input.customerId} has no loan ${input.loanId}.`, 'unknown');
      }
      if (input.receivedOn > ctx.businessDate.today()) {
        return refused(Msg.complaintReceivedFuture, 'receivedFuture');
      }
      const deadlineOn = deadlineOf(input.receivedOn);
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('complaints')
          .values({
            customer_id: input.customerId,
            loan_id: input.loanId ?? null,
            channel: input.channel,
            category: input.category,
            summary: input.summary,
            received_on: input.receivedOn,
            summary_by: summaryBy(input.receivedOn),
            deadline_on: deadlineOn,
            logged_by: by.staffId,
            logged_at: at,
            // DISP 1.6.1R(1): the acknowledgement goes with the complaint, in the same transaction.
            acknowledged_at: at,
            holding_sent_on: null,
            closed_on: null,
            closed_at: null,
            closed_by: null,
            outcome: null,
            root_cause: null,
            reasons: null,
            redress_pence: null,
            response: null,
            document_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ctx.outbox.enqueue(trx, {
          channel: 'email',
          to: customer.email,
          ...acknowledgementEmail({
            firstName: customer.first_name,
            reference: referenceOf(id),
            receivedOn: input.receivedOn,
            deadlineOn,
          }),
        });
        return id;
      });
      const [saved] = await views([(await rowOf(id))!]);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'complaint-logged',
        subject: { type: 'customer', id: String(input.customerId) },
        details: { customerId: input.customerId, address: by.address, before: null, after: saved },
      });
      return done(saved!);
    },

    /** Open complaints, soonest deadline first; or every complaint of one customer, newest first. */
    async list(customerId: number | undefined, by: Acting) {
      const rows =
        customerId === undefined
          ? await db
              .selectFrom('complaints')
              .selectAll()
              .where('closed_on', 'is', null)
              .orderBy('deadline_on')
              .orderBy('id')
              .execute()
          : await db
              .selectFrom('complaints')
              .selectAll()
              .where('customer_id', '=', customerId)
              .orderBy('id', 'desc')
              .execute();
      const complaints = await views(rows);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'complaints-viewed',
        ...(customerId === undefined ? {} : { subject: { type: 'customer', id: String(customerId) } }),
        details: { address: by.address, customerId: customerId ?? null, shown: rows.map((r) => r.id) },
      });
      return { businessDate: ctx.businessDate.today(), complaints };
    },

    async resolve(input: Resolution, by: Acting): Promise<StaffResult<Complaint>> {
      const row = await rowOf(input.complaintId);
      if (!row) return refused(`No complaint ${input.complaintId}.`, 'unknown');
      if (row.closed_on !== null) return refused(Msg.complaintClosed, 'closed');
      const today = ctx.businessDate.today();
      if (input.response === 'summary' && today > row.summary_by) {
        return refused(Msg.complaintSummaryTooLate, 'summaryTooLate');
      }
      const customer = await db
        .selectFrom('customers')
        .select(['email', 'first_name', 'last_name', 'address_str'])
        .where('id', '=', row.customer_id)
        .executeTakeFirstOrThrow();
      const reference = referenceOf(row.id);
      const facts: LetterFacts = {
        firstName: customer.first_name,
        customerName: `${customer.first_name} ${customer.last_name}`,
        customerAddress: customer.address_str ?? '',
        reference,
        receivedOn: row.received_on,
        category: row.category as LetterFacts['category'],
        summary: row.summary,
        outcome: input.outcome,
        reasons: input.reasons,
        redressPence: input.redressPence,
        date: today,
      };
      const pdf =
        input.response === 'final'
          ? await renderStatementPdf(finalResponseLetter(facts), {
              headerRight: `Final response, complaint ${reference}`,
              subject: 'Final response to a complaint (FCA DISP 1.6.2R)',
              madeAt: new Date(),
            })
          : null;
      const files = trackedStore(documentStoreFor(ctx.config));
      let closedNow: boolean;
      try {
        closedNow = await db.transaction().execute(async (trx) => {
          // Only an open complaint closes: two handlers closing it at once close it once, one letter.
          const changed = await trx
            .updateTable('complaints')
            .set({
              closed_on: today,
              closed_at: nowIso(),
              closed_by: by.staffId,
              outcome: input.outcome,
              root_cause: input.rootCause,
              reasons: input.reasons,
              redress_pence: input.redressPence,
              response: input.response,
            })
            .where('id', '=', row.id)
            .where('closed_on', 'is', null)
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) !== 1) return false;
          if (pdf) {
            const documentId = await documentRepository(trx).storeLetter(
              files.store,
              {
                customerId: row.customer_id,
                applicationId: row.loan_id,
                title: `Final response to complaint ${reference}, ${formatDisplayDate(today)}`,
                reference: `complaint:${row.id}:final`,
                on: today,
              },
              pdf,
            );
            await trx
              .updateTable('complaints')
              .set({ document_id: documentId })
              .where('id', '=', row.id)
              .execute();
          }
          await ctx.outbox.enqueue(trx, {
            channel: 'email',
            to: customer.email,
            ...(pdf ? finalResponseEmail(facts, ctx.config.PUBLIC_URL) : summaryResolutionEmail(facts)),
          });
          return true;
        });
      } catch (err) {
        await files.forget();
        throw err;
      }
      if (!closedNow) {
        await files.forget();
        return refused(Msg.complaintClosed, 'closed');
      }
      const [before, after] = await views([row, (await rowOf(row.id))!]);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'complaint-resolved',
        subject: { type: 'customer', id: String(row.customer_id) },
        details: { customerId: row.customer_id, address: by.address, before, after },
      });
      return done(after!);
    },

    /** DISP 1.6.2R(2): the holding response for an open complaint; once is enough, as the rule asks once. */
    async holdingResponse(input: Holding, by: Acting): Promise<StaffResult<Complaint>> {
      const row = await rowOf(input.complaintId);
      if (!row) return refused(`No complaint ${input.complaintId}.`, 'unknown');
      if (row.closed_on !== null) return refused(Msg.complaintClosed, 'closed');
      const today = ctx.businessDate.today();
      if (input.expectedBy < today) return refused(Msg.complaintExpectedBy, 'expectedPast');
      const customer = await db
        .selectFrom('customers')
        .select(['email', 'first_name'])
        .where('id', '=', row.customer_id)
        .executeTakeFirstOrThrow();
      const sent = await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('complaints')
          .set({ holding_sent_on: today })
          .where('id', '=', row.id)
          .where('closed_on', 'is', null)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return false;
        await ctx.outbox.enqueue(trx, {
          channel: 'email',
          to: customer.email,
          ...holdingResponseEmail({
            firstName: customer.first_name,
            reference: referenceOf(row.id),
            receivedOn: row.received_on,
            why: input.why,
            expectedBy: input.expectedBy,
          }),
        });
        return true;
      });
      if (!sent) return refused(Msg.complaintClosed, 'closed');
      const [before, after] = await views([row, (await rowOf(row.id))!]);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'complaint-holding-response-sent',
        subject: { type: 'customer', id: String(row.customer_id) },
        details: {
          customerId: row.customer_id,
          address: by.address,
          why: input.why,
          expectedBy: input.expectedBy,
          before,
          after,
        },
      });
      return done(after!);
    },

    /** The final response letter's bytes, from the customer's documents; the download is audited. */
    async letter(complaintId: number, by: Acting): Promise<StaffResult<{ name: string; bytes: Uint8Array }>> {
      const row = await rowOf(complaintId);
      if (!row || row.document_id === null)
        return refused(`No final response letter for complaint ${complaintId}.`, 'unknown');
      const doc = await db
        .selectFrom('documents')
        .select(['storage_key'])
        .where('id', '=', row.document_id)
        .where('customer_id', '=', row.customer_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!doc?.storage_key)
        return refused(`No final response letter for complaint ${complaintId}.`, 'unknown');
      const bytes = await documentStoreFor(ctx.config).get(doc.storage_key);
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'complaint-letter-downloaded',
        subject: { type: 'customer', id: String(row.customer_id) },
        details: {
          customerId: row.customer_id,
          complaintId,
          documentId: row.document_id,
          address: by.address,
        },
      });
      return done({ name: `final-response-${referenceOf(row.id)}.pdf`, bytes });
    },

    /**
     * The complaints return's counts (DISP 1.10): opened in the period by the day received, closed in it by
     * the day closed, and how fast, by category. Read by staff or `ops`, either audited.
     */
    async report(from: IsoDate, to: IsoDate, actor: Actor, address: string | null): Promise<Report> {
      const report = await complaintsReport(db, from, to);
      await audit.record({
        actor,
        action: 'complaints-report-opened',
        details: { from, to, address },
      });
      return report;
    },
  };
}
