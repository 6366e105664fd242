import { addDays, type IsoDate } from '@lender/contract/dates';
import type { z } from 'zod';
import type { loanHoldSchema, staffCustomerSchema, staffLoanSchema } from '@lender/contract/calls/staff';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import {
  arrearsPence,
  instalmentStates,
  positionOf,
  positionsAlong,
  type Position,
} from '../../entities/loans/ledger';
import { currentVersion, loanRepository, type LoanBook } from '../../entities/loans/loan-repository';
import { entryNames, type StoredDictionaries } from '../../lib/dictionary-store';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

type StaffCustomer = z.output<typeof staffCustomerSchema>;
type StaffLoan = z.output<typeof staffLoanSchema>;
type Hold = z.output<typeof loanHoldSchema>;

/** Who reads the record and from where: the audit keeps both (issue 48). */
export type Reader = { staffId: number; address: string };

/** What is owed after the rows folded: what settles the loan, less any credit (negative: in credit). */
export const balanceOf = (p: Position) => p.totalDuePence - p.creditPence;

const SECURITY_EVENTS_SHOWN = 50;

/**
 * A customer's record and a loan's, read-only, for the console (issue 48 items 4 and 5). Every figure is
 * the ledger's fold (entities/loans/ledger.ts) over the loan's rows: nothing is summed here. Each opening
 * is written to the audit before the record is handed over.
 */
export function customerRecord(ctx: AppContext, dictionaries: StoredDictionaries) {
  const db = ctx.db;
  const audit = auditRepository(db);

  /** The holds on loans: what stops or changes collection, and why. */
  async function holdsOf(books: readonly LoanBook[], today: IsoDate): Promise<(Hold & { loanId: number })[]> {
    const ids = books.map((b) => b.loan.application_id);
    if (ids.length === 0) return [];
    const [spaces, letters] = await Promise.all([
      db
        .selectFrom('breathing_spaces')
        .selectAll()
        .where('application_id', 'in', ids)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('pre_claim_letters')
        .select(['application_id', 'issued_on', 'reply_by', 'state'])
        .where('application_id', 'in', ids)
        .where('state', '!=', 'closed')
        .orderBy('id')
        .execute(),
    ]);
    const holds: (Hold & { loanId: number })[] = [];
    for (const { loan } of books) {
      const loanId = loan.application_id;
      for (const s of spaces.filter((x) => x.application_id === loanId)) {
        const until = s.ended_on ?? s.ends_on;
        if (s.started_on <= today && until >= today) {
          // A mental health crisis moratorium has no last day until it is ended.
          const crisis = s.kind === 'mental-health-crisis';
          holds.push({
            loanId,
            kind: 'breathingSpace',
            since: s.started_on,
            until: crisis && !s.ended_on ? null : until,
            detail: crisis ? 'Mental health crisis moratorium (until ended)' : 'Breathing space',
          });
        }
      }
      for (const l of letters.filter((x) => x.application_id === loanId)) {
        holds.push({
          loanId,
          kind: 'legal',
          since: l.issued_on,
          until: null,
          detail: `Letter of claim (${l.state}), reply by ${l.reply_by}`,
        });
      }
      if (loan.defaulted_on) {
        holds.push({ loanId, kind: 'defaulted', since: loan.defaulted_on, until: null, detail: 'Defaulted' });
      }
      if (loan.blocked_on) {
        holds.push({
          loanId,
          kind: 'cardBlocked',
          since: loan.blocked_on,
          until: null,
          detail: loan.blocked_reason ?? 'The card on file failed a collection',
        });
      }
      if (loan.cpa_cancelled_at) {
        holds.push({
          loanId,
          kind: 'cpaCancelled',
          since: loan.cpa_cancelled_at,
          until: null,
          detail: 'The customer withdrew the Continuous Payment Authority',
        });
      }
    }
    return holds;
  }

  return {
    async customer(customerId: number, by: Reader): Promise<StaffResult<StaffCustomer>> {
      const customer = await db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!customer) return refused(`No customer ${customerId}.`, 'unknown');
      const today = ctx.businessDate.today();
      const [consents, applications, owned, documents, events] = await Promise.all([
        db
          .selectFrom('consent_events')
          .select(['channel', 'given', 'source', 'created_at'])
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('applications')
          .select(['guid', 'status_id', 'amount_pence', 'period', 'created_at', 'updated_at', 'id'])
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .execute(),
        loanRepository(db).ofCustomer(customerId),
        db
          .selectFrom('documents')
          .select(['id', 'title', 'kind', 'created_on'])
          .where('customer_id', '=', customerId)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('security_events')
          .select(['type', 'created_at', 'ip_address', 'detail'])
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .limit(SECURITY_EVENTS_SHOWN)
          .execute(),
      ]);
      const books = owned.loans.map((l) => l.book);
      const appOf = new Map(applications.map((a) => [a.id, a]));
      const record: StaffCustomer = {
        customerId,
        title: entryNames(dictionaries, 'titles')(customer.title_id),
        firstName: customer.first_name,
        lastName: customer.last_name,
        birthDate: customer.birth_date,
        email: customer.email,
        mobile: customer.mobile,
        address: customer.address_str,
        postCode: customer.post_code,
        createdAt: customer.created_at,
        marketing: { byEmail: customer.news_by_email === 1, bySms: customer.news_by_sms === 1 },
        consents: consents.map((c) => ({
          channel: c.channel,
          given: c.given === 1,
          source: c.source,
          at: c.created_at,
        })),
        applications: applications.map((a) => ({
          guid: a.guid,
          statusId: a.status_id,
          amountPence: a.amount_pence,
          termMonths: a.period,
          createdAt: a.created_at,
          updatedAt: a.updated_at,
        })),
        loans: books.map((book) => {
          const app = appOf.get(book.loan.application_id)!;
          return {
            loanId: book.loan.application_id,
            applicationGuid: app.guid,
            statusId: app.status_id,
            principalPence: book.loan.principal_pence,
            balancePence: balanceOf(positionOf(book.terms, book.rows)),
            fundedOn: book.loan.funded_on,
            settledOn: book.loan.settled_on,
          };
        }),
        documents: documents.map((d) => ({
          documentId: d.id,
          title: d.title,
          kind: d.kind,
          createdOn: d.created_on,
        })),
        securityEvents: events.map((e) => ({
          type: e.type,
          at: e.created_at,
          address: e.ip_address,
          detail: e.detail,
        })),
        holds: await holdsOf(books, today),
      };
      // A read that is not recorded never happens: the row is written before the record is handed over.
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'customer-opened',
        subject: { type: 'customer', id: String(customerId) },
        details: { customerId, address: by.address },
      });
      return done(record);
    },

    async loan(loanId: number, by: Reader): Promise<StaffResult<StaffLoan>> {
      const book = (await loanRepository(db).books([loanId])).get(loanId);
      if (!book) return refused(`No loan ${loanId}.`, 'unknown');
      const today = ctx.businessDate.today();
      // One round of reads (the record is read often: a p99 budget of 100 ms at 100,000 loans, issue 48).
      const [app, payments, notices, documents, holds] = await Promise.all([
        db
          .selectFrom('applications')
          .innerJoin('customers', 'customers.id', 'applications.customer_id')
          .select([
            'applications.guid',
            'applications.status_id',
            'customers.first_name',
            'customers.last_name',
          ])
          .where('applications.id', '=', loanId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('loan_payments')
          .select(['kind', 'amount_pence', 'state', 'on_date', 'card_last4'])
          .where('application_id', '=', loanId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('loan_notices')
          .select(['kind', 'on_date'])
          .where('application_id', '=', loanId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('documents')
          .select(['id', 'title', 'kind', 'created_on'])
          .where('application_id', '=', loanId)
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .execute(),
        holdsOf([book], today),
      ]);
      const position = positionOf(book.terms, book.rows);
      const version = currentVersion(book);
      const states = new Map(instalmentStates(book.terms, position).map((s) => [s.seq, s]));
      // The rows in the order the fold takes them, each with the balance the fold of those up to it leaves.
      const ledger = positionsAlong(book.terms, book.rows).map(({ row, position: after }) => ({
        id: row.id,
        onDate: row.onDate,
        kind: row.type,
        amountPence: row.amountPence,
        reversesId: row.reversesId,
        balanceAfterPence: balanceOf(after),
      }));
      const view: StaffLoan = {
        loanId,
        applicationGuid: app.guid,
        customerId: book.loan.customer_id,
        customerName: `${app.first_name} ${app.last_name}`,
        statusId: app.status_id,
        principalPence: book.loan.principal_pence,
        totalRepayablePence: book.loan.total_repayable_pence,
        fundedOn: book.loan.funded_on,
        settledOn: book.loan.settled_on,
        balancePence: balanceOf(position),
        arrearsPence: arrearsPence(book.terms, position, addDays(today, -1)),
        schedule: {
          version,
          versions: book.plans.length + 1,
          instalments: book.schedule
            .filter((line) => line.version === version)
            .map((line) => ({
              seq: line.seq,
              dueDate: line.dueDate,
              paymentPence: line.paymentPence,
              principalPence: line.principalPence,
              interestPence: line.interestPence,
              isPaid: states.get(line.seq)?.isPaid ?? false,
              duePence: states.get(line.seq)?.duePence ?? 0,
            })),
        },
        ledger,
        payments: payments.map((p) => ({
          kind: p.kind,
          amountPence: p.amount_pence,
          state: p.state,
          onDate: p.on_date,
          cardLast4: p.card_last4,
        })),
        cpaAttempts: book.attempts.map((a) => ({
          seq: a.seq,
          attempt: a.attempt,
          onDate: a.on_date,
          amountPence: a.amount_pence,
          outcome: a.outcome,
        })),
        notices: notices.map((n) => ({ kind: n.kind, onDate: n.on_date })),
        documents: documents.map((d) => ({
          documentId: d.id,
          title: d.title,
          kind: d.kind,
          createdOn: d.created_on,
        })),
        holds: holds.map(({ loanId: _, ...hold }) => hold),
      };
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'loan-opened',
        subject: { type: 'loan', id: String(loanId) },
        details: { customerId: book.loan.customer_id, address: by.address },
      });
      return done(view);
    },
  };
}
