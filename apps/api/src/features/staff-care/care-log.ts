import type { z } from 'zod';
import type {
  addContactBodySchema,
  addNoteBodySchema,
  careEntrySchema,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
} from '@lender/contract/calls/staff-care';
import type { DbExecutor } from '../../db/create-db';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { nowIso } from '../../lib/clock';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

type CareEntry = z.output<typeof careEntrySchema>;
type NewNote = z.output<typeof addNoteBodySchema>;
type NewContact = z.output<typeof addContactBodySchema>;
/** Who acts and from where: the audit keeps both (issue 48). */
export type Acting = { staffId: number; address: string };

const ENTRIES_SHOWN = 200;

/**
 * The notes and contact log on a customer (issue 48 item 4). Append-only by construction: this module
 * inserts and reads; nothing in the code base updates or deletes a row of customer_care_entries, and no
 * call offers to (a correction is a new note). Every addition is written to the staff audit.
 */
export function careLog(db: DbExecutor) {
  const audit = auditRepository(db);

  /** The customer exists, and the loan named (if any) is theirs: else why not, in words. */
  async function checkSubject(customerId: number, loanId: number | null): Promise<string | null> {
    const customer = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) return `No customer ${customerId}.`;
    if (loanId === null) return null;
    const loan = await db
      .selectFrom('loans')
      .select('customer_id')
      .where('application_id', '=', loanId)
      .executeTakeFirst();
    return loan?.customer_id === customerId ? null : `Customer ${customerId} has no loan ${loanId}.`;
  }

  async function add(
    entry: Omit<CareEntry, 'id' | 'staffId' | 'staffName' | 'at'>,
    by: Acting,
  ): Promise<StaffResult<CareEntry>> {
    const wrong = await checkSubject(entry.customerId, entry.loanId);
    if (wrong) return refused(wrong, 'unknown');
    const at = nowIso();
    const inserted = await db
      .insertInto('customer_care_entries')
      .values({
        customer_id: entry.customerId,
        loan_id: entry.loanId,
        kind: entry.kind,
        channel: entry.channel,
        direction: entry.direction,
        outcome: entry.outcome,
        text: entry.text,
        staff_id: by.staffId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('staff_members')
      .select('display_name')
      .where('id', '=', by.staffId)
      .executeTakeFirstOrThrow();
    const saved: CareEntry = {
      ...entry,
      id: inserted.id,
      staffId: by.staffId,
      staffName: member.display_name,
      at,
    };
    await audit.record({
      actor: staffActor(by.staffId),
      action: entry.kind === 'note' ? 'note-added' : 'contact-recorded',
      subject: { type: 'customer', id: String(entry.customerId) },
      details: { customerId: entry.customerId, address: by.address, before: null, after: saved },
    });
    return done(saved);
  }

  return {
    addNote: (note: NewNote, by: Acting) =>
      add(
        {
          kind: 'note',
          customerId: note.customerId,
          loanId: note.loanId ?? null,
          channel: null,
          direction: null,
          outcome: null,
          text: note.text,
        },
        by,
      ),

    addContact: (contact: NewContact, by: Acting) =>
      add(
        {
          kind: 'contact',
          customerId: contact.customerId,
          loanId: contact.loanId ?? null,
          channel: contact.channel,
          direction: contact.direction,
          outcome: contact.outcome,
          text: contact.text,
        },
        by,
      ),

    /** Newest first: the customer's, or those naming one loan of theirs. */
    async log(customerId: number, loanId?: number): Promise<CareEntry[]> {
      let q = db
        .selectFrom('customer_care_entries as e')
        .innerJoin('staff_members as s', 's.id', 'e.staff_id')
        .select([
          'e.id',
          'e.customer_id',
          'e.loan_id',
          'e.kind',
          'e.channel',
          'e.direction',
          'e.outcome',
          'e.text',
          'e.staff_id',
          's.display_name',
          'e.created_at',
        ])
        .where('e.customer_id', '=', customerId);
      if (loanId !== undefined) q = q.where('e.loan_id', '=', loanId);
      const rows = await q.orderBy('e.id', 'desc').limit(ENTRIES_SHOWN).execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as CareEntry['kind'],
        customerId: r.customer_id,
        loanId: r.loan_id,
        channel: r.channel as (typeof CONTACT_CHANNELS)[number] | null,
        direction: r.direction as (typeof CONTACT_DIRECTIONS)[number] | null,
        outcome: r.outcome as (typeof CONTACT_OUTCOMES)[number] | null,
        text: r.text,
        staffId: r.staff_id,
        staffName: r.display_name,
        at: r.created_at,
      }));
    },
  };
}
