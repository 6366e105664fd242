import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import type { z } from 'zod';
import {
  ARREARS_BUCKETS,
  type ArrearsBucket,
  type CONTACT_CHANNELS,
  type CONTACT_OUTCOMES,
  type worklistLoanSchema,
  type worklistSchema,
} from '@lender/contract/calls/staff-care';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { arrearsPence, positionOf } from '../../entities/loans/ledger';
import { chunks, loanRepository } from '../../entities/loans/loan-repository';
import { oldestUnpaidDueDate } from '../../entities/loans/servicing-rules';
import type { Acting } from './care-log';

type Worklist = z.output<typeof worklistSchema>;
type WorklistLoan = z.output<typeof worklistLoanSchema>;
type LastContact = NonNullable<WorklistLoan['lastContact']>;

/** The bucket of a number of days past due (1 or more). */
export function bucketOf(days: number): ArrearsBucket {
  if (days <= 7) return '1-7';
  if (days <= 30) return '8-30';
  if (days <= 60) return '31-60';
  return '61+';
}

/**
 * What to do next, from what stops collection and what came of the last contact. A rule, not a field
 * anyone types: docs/decisions/064-staff-notes-worklist-vulnerability.md lists it.
 */
export function nextActionOf(
  holds: readonly { kind: string; detail: string }[],
  last: LastContact | null,
  days: number,
): string {
  const space = holds.find((h) => h.kind === 'breathingSpace');
  if (space) return `None: ${space.detail.toLowerCase()} (no contact about the debt)`;
  if (holds.some((h) => h.kind === 'legal')) return 'Follow the letter of claim';
  if (!last) return 'Contact the customer';
  switch (last.outcome) {
    case 'promiseMade':
      return 'Check the promise is kept';
    case 'wrongNumber':
      return 'Write to the customer for a current number';
    case 'noAnswer':
    case 'leftMessage':
      return 'Try again, by another channel if the last failed';
    case 'sent':
      return 'Wait for a reply, then call';
    default:
      return days > 30 ? 'Review the account: a plan, or the default process' : 'Follow up what was agreed';
  }
}

/**
 * The collections worklist (issue 48 item 6): every loan in arrears on the business date, by bucket of days
 * past due. Loans come from the applications' status (indexed: the close of business sets 'arrears' and
 * 'defaulted'); the figures are the ledger's fold, as the loan page shows them; the last contacts, holds
 * and vulnerabilities come in one query each per 500 loans, never one per loan.
 */
export function collectionsWorklist(ctx: AppContext) {
  const db = ctx.db;
  const audit = auditRepository(db);

  return async function worklist(bucket: ArrearsBucket | undefined, by: Acting): Promise<Worklist> {
    const today = ctx.businessDate.today();
    // The loan page's arrears: what was overdue when the last day closed.
    const closed = addDays(today, -1);
    const candidates = await db
      .selectFrom('applications as a')
      .innerJoin('loans as l', 'l.application_id', 'a.id')
      .innerJoin('customers as c', 'c.id', 'l.customer_id')
      .select(['a.id', 'a.status_id', 'l.customer_id', 'c.first_name', 'c.last_name'])
      .where('a.status_id', 'in', [AppStatus.arrears, AppStatus.defaulted])
      .orderBy('a.id')
      .execute();
    const loans: WorklistLoan[] = [];
    for (const part of chunks(candidates, 500)) {
      if (part.length === 0) continue;
      const ids = part.map((p) => p.id);
      const customerIds = [...new Set(part.map((p) => p.customer_id))];
      const [books, contacts, spaces, letters, vulnerable] = await Promise.all([
        loanRepository(db).books(ids),
        lastContacts(customerIds),
        db
          .selectFrom('breathing_spaces')
          .select(['application_id', 'started_on', 'ends_on', 'ended_on'])
          .where('application_id', 'in', ids)
          .execute(),
        db
          .selectFrom('pre_claim_letters')
          .select(['customer_id', 'application_id', 'reply_by', 'state'])
          .where('customer_id', 'in', customerIds)
          .where('state', '<>', 'closed')
          .execute(),
        db
          .selectFrom('customer_vulnerabilities')
          .select('customer_id')
          .where('customer_id', 'in', customerIds)
          .where('ended_at', 'is', null)
          .execute(),
      ]);
      const vulnerableIds = new Set(vulnerable.map((v) => v.customer_id));
      for (const p of part) {
        const book = books.get(p.id);
        if (!book) continue;
        const position = positionOf(book.terms, book.rows);
        const overduePence = arrearsPence(book.terms, position, closed);
        if (overduePence <= 0) continue;
        const oldest = oldestUnpaidDueDate(book.terms, position, closed);
        // Only fees overdue (every instalment paid): a day past due, the least there is.
        const daysPastDue = oldest ? Math.max(1, daysBetween(oldest, today)) : 1;
        const holds = holdsOf(p.id, book.loan, spaces, letters, today);
        const last = contacts.get(p.customer_id) ?? null;
        loans.push({
          loanId: p.id,
          customerId: p.customer_id,
          customerName: `${p.first_name} ${p.last_name}`,
          statusId: p.status_id,
          overduePence,
          daysPastDue,
          bucket: bucketOf(daysPastDue),
          lastContact: last,
          nextAction: nextActionOf(holds, last, daysPastDue),
          holds,
          vulnerable: vulnerableIds.has(p.customer_id),
        });
      }
    }
    loans.sort((a, b) => b.daysPastDue - a.daysPastDue || a.loanId - b.loanId);
    const counts = Object.fromEntries(ARREARS_BUCKETS.map((b) => [b, 0])) as Worklist['counts'];
    for (const l of loans) counts[l.bucket] += 1;
    await audit.record({
      actor: staffActor(by.staffId),
      action: 'collections-worklist-opened',
      details: { bucket: bucket ?? 'all', loans: loans.length, address: by.address },
    });
    return {
      businessDate: today,
      counts,
      loans: bucket ? loans.filter((l) => l.bucket === bucket) : loans,
    };
  };

  /** Each customer's newest contact: one grouped query on (customer_id, id), then those rows. */
  async function lastContacts(customerIds: readonly number[]): Promise<Map<number, LastContact>> {
    const newest = await db
      .selectFrom('customer_care_entries')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('customer_id', 'in', [...customerIds])
      .where('kind', '=', 'contact')
      .groupBy('customer_id')
      .execute();
    const ids = newest.map((n) => Number(n.id));
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('customer_care_entries as e')
      .innerJoin('staff_members as s', 's.id', 'e.staff_id')
      .select(['e.customer_id', 'e.created_at', 'e.channel', 'e.outcome', 's.display_name'])
      .where('e.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.customer_id,
        {
          at: r.created_at,
          channel: r.channel as (typeof CONTACT_CHANNELS)[number],
          outcome: r.outcome as (typeof CONTACT_OUTCOMES)[number],
          staffName: r.display_name,
        },
      ]),
    );
  }
}

/** What stops or changes collection on the loan, shown on the worklist rather than hidden from it. */
function holdsOf(
  loanId: number,
  loan: {
    customer_id: number;
    defaulted_on: string | null;
    blocked_on: string | null;
    cpa_cancelled_at: string | null;
  },
  spaces: readonly { application_id: number; started_on: string; ends_on: string; ended_on: string | null }[],
  letters: readonly { customer_id: number; application_id: number; reply_by: string; state: string }[],
  today: IsoDate,
): { kind: string; detail: string }[] {
  const holds: { kind: string; detail: string }[] = [];
  for (const s of spaces) {
    const until = s.ended_on ?? s.ends_on;
    if (s.application_id === loanId && s.started_on <= today && until >= today) {
      holds.push({ kind: 'breathingSpace', detail: `Breathing space until ${until}` });
    }
  }
  for (const l of letters) {
    if (l.application_id === loanId) {
      holds.push({ kind: 'legal', detail: `Letter of claim (${l.state}), reply by ${l.reply_by}` });
    }
  }
  if (loan.defaulted_on) holds.push({ kind: 'defaulted', detail: `Defaulted on ${loan.defaulted_on}` });
  if (loan.blocked_on) holds.push({ kind: 'cardBlocked', detail: 'The card on file failed a collection' });
  if (loan.cpa_cancelled_at) {
    holds.push({ kind: 'cpaCancelled', detail: 'The customer withdrew the Continuous Payment Authority' });
  }
  return holds;
}
