import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { LoanTransactionType } from './loan-tables';
import type { IsoDate } from '@lender/contract/dates';
import { preparedQuery } from '../../db/prepared-query';
import { factsCtes, factsSelect, type LoanFactsRow } from './loan-facts-query';
import type { AttemptRow, LoanRow, PlanRow, TransactionRow } from './loan-repository';

/**
 * One customer's newest application, loans, instalments, ledger rows, attempts, approvals and reschedules
 * (and, for the borrow pages, the loan state's facts) as rows of one shape (kind 'p', 'l', 'i', 't', 'a',
 * 'd', 's', 'f'): one query, where six would each cost a round trip, a
 * socket write on both sides and the database's planning (decision 024). Unused columns are null; `n`
 * integers, `f1` the daily rate, `t` text. A loan's ledger rows come as one row of kind 't' (`ledgerText`).
 */
type CustomerRow = {
  kind: 'p' | 'l' | 'i' | 't' | 'a' | 'd' | 's' | 'f';
  application_id: number;
  n1: number;
  n2: number | null;
  n3: number | null;
  n4: number | null;
  f1: number | null;
} & Record<`t${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11}`, string | null>;

/**
 * A loan's ledger rows as one text, `id,amount,reverses,type,date` joined by ';': a month of daily
 * interest is thirty rows, and one field in their place saves the database sending, and the server
 * parsing, thirty rows of eighteen columns each (the borrow pages' reads, bench/README.md).
 */
const ledgerText = (postgres: boolean) => {
  const row = sql`cast(t.id as text) || ',' || cast(t.amount_pence as text) || ','
    || coalesce(cast(t.reverses_id as text), '') || ',' || t.type || ',' || t.on_date`;
  return postgres ? sql`string_agg(${row}, ';')` : sql`group_concat(${row}, ';')`;
};

const customerParts = (customerId: number, postgres: boolean) =>
  sql`
    select 'l' as kind, l.application_id as application_id, l.customer_id as n1, l.principal_pence as n2,
      l.total_repayable_pence as n3, l.remedy_sum_pence as n4, l.daily_rate as f1, l.priced_on as t1,
      l.funded_on as t2, l.settled_on as t3, l.blocked_on as t4, l.blocked_reason as t5,
      l.cpa_cancelled_at as t6, l.default_notice_on as t7, l.remedy_by as t8, l.defaulted_on as t9,
      l.created_at as t10, l.cpa_renewed_at as t11
    from loans l where l.customer_id = ${customerId}
    union all
    select 'p', p.id, p.status_id, null, null, null, null, p.guid, null, null, null, null, null, null, null,
      null, null, null
    from applications p
    where p.id = (select max(newest.id) from applications newest where newest.customer_id = ${customerId})
    union all
    select 'i', i.application_id, i.seq, i.payment_pence, i.principal_pence, i.interest_pence, i.version,
      i.due_date, null, null, null, null, null, null, null, null, null, null
    from loan_instalments i join loans l on l.application_id = i.application_id
    where l.customer_id = ${customerId}
    union all
    select 't', t.application_id, count(*), null, null, null, null,
      ${ledgerText(postgres)},
      null, null, null, null, null, null, null, null, null, null
    from loan_transactions t join loans l on l.application_id = t.application_id
    where l.customer_id = ${customerId}
    group by t.application_id
    union all
    select 'a', a.application_id, a.id, a.seq, a.attempt, a.amount_pence, null, a.on_date,
      a.idempotency_key, a.outcome, a.z2, a.z3, a.charge_id, a.created_at, a.answered_at, null, null, null
    from cpa_attempts a join loans l on l.application_id = a.application_id
    where l.customer_id = ${customerId}
    union all
    select 's', s.application_id, s.version, s.paid_before_pence, s.without_card, null, s.daily_rate, s.kind,
      s.created_on, s.idempotency_key, s.created_at, s.request_hash, s.pause_until, null, null, null, null, null
    from loan_schedules s join loans l on l.application_id = s.application_id
    where l.customer_id = ${customerId}
    union all
    select 'd', d.application_id, d.id, null, null, null, null, d.created_at, null, null, null, null, null,
      null, null, null, null, null
    from application_decisions d join loans l on l.application_id = d.application_id
    where l.customer_id = ${customerId} and d.kind in ('underwriting-approved', 'underwriter-approved')`;

const partsFor = (db: DbExecutor, customerId: number) =>
  customerParts(customerId, db.getExecutor().adapter instanceof PostgresAdapter);

/** Compiled once (prepared-query.ts): its text of some 4,000 characters is the same string every call. */
const customerRows = preparedQuery(
  (db, customerId: number) => ({
    compile: () =>
      sql<CustomerRow>`${partsFor(db, customerId)} order by kind, application_id, n1`.compile(db),
  }),
  1,
);

/**
 * The same rows and one more, kind 'f': the facts the loan's state is read from on `today`, with the
 * newest card's last four digits (loan-facts-query.ts), so that a borrow page's read is one statement.
 */
const customerRowsWithFacts = preparedQuery(
  (db, customerId: number, today: IsoDate) => ({
    compile: () =>
      sql<CustomerRow>`${factsCtes(customerId, today)}
    ${partsFor(db, customerId)}
    union all
    select 'f', coalesce(x.application_id, 0), x.is_legal, x.newest_status_id, x.newest_id, x.loan_status_id,
      null, x.blocked_on, x.settled_on, x.notice_on, x.repay_by, x.letter_issued_on, x.letter_reply_by,
      x.letter_state, x.space_last_day, x.card_last4, null, null
    from (${factsSelect({ card: true })}) x
    order by kind, application_id, n1`.compile(db),
  }),
  1,
  '2000-01-01' as IsoDate,
);

/**
 * One loan's ledger rows back from `ledgerText`, in the order they were written (by id). Read field by
 * field, without splitting the text into an array per row: a borrow page's read made some 8 KB of
 * short-lived strings and arrays that way, the most of any one step (bench/README.md).
 */
function ledgerRowsOf(applicationId: number, count: number, text: string): TransactionRow[] {
  const rows: TransactionRow[] = [];
  let at = 0;
  const field = (end: number) => {
    const value = text.slice(at, end < 0 ? text.length : end);
    at = end < 0 ? text.length + 1 : end + 1;
    return value;
  };
  while (at < text.length) {
    const id = Number(field(text.indexOf(',', at)));
    const amount = Number(field(text.indexOf(',', at)));
    const reverses = field(text.indexOf(',', at));
    const type = field(text.indexOf(',', at)) as LoanTransactionType;
    const onDate = field(text.indexOf(';', at));
    rows.push({
      id,
      application_id: applicationId,
      amount_pence: amount,
      reverses_id: reverses ? Number(reverses) : null,
      type,
      on_date: onDate,
    });
  }
  if (rows.length !== Number(count)) throw new Error(`Loan ${applicationId}: ledger rows cut short`);
  // The database gathers them in no promised order, though mostly by id: sorted only when they are not.
  const sorted = rows.every((r, k) => k === 0 || rows[k - 1]!.id < r.id);
  return sorted ? rows : rows.sort((a, b) => a.id - b.id);
}

/**
 * A customer's newest application and loans, each kind of row decoded back to its table's shape, for
 * `loanRepository(db).ofCustomer` to assemble into books: loans newest first, the rest oldest first.
 */
export async function customerLoanRows(db: DbExecutor, customerId: number, factsOn?: IsoDate) {
  const rows = await (factsOn
    ? customerRowsWithFacts(db, customerId, factsOn)
    : customerRows(db, customerId));
  // Each kind's rows, in the statement's order, in one pass over them.
  const byKind = new Map<CustomerRow['kind'], CustomerRow[]>();
  for (const r of rows) {
    const run = byKind.get(r.kind);
    if (run) run.push(r);
    else byKind.set(r.kind, [r]);
  }
  const of = (kind: CustomerRow['kind']) => byKind.get(kind) ?? [];
  const loans: LoanRow[] = of('l')
    .map((r) => ({
      application_id: r.application_id,
      customer_id: r.n1,
      principal_pence: r.n2!,
      total_repayable_pence: r.n3!,
      daily_rate: r.f1!,
      priced_on: r.t1!,
      funded_on: r.t2,
      settled_on: r.t3,
      blocked_on: r.t4,
      blocked_reason: r.t5,
      cpa_cancelled_at: r.t6,
      default_notice_on: r.t7,
      remedy_by: r.t8,
      remedy_sum_pence: r.n4,
      defaulted_on: r.t9,
      created_at: r.t10!,
      cpa_renewed_at: r.t11,
    }))
    .reverse();
  const [newest] = of('p');
  return {
    newest: newest && { id: newest.application_id, guid: newest.t1!, statusId: newest.n1 },
    loans,
    instalments: of('i').map((r) => ({
      application_id: r.application_id,
      seq: r.n1,
      payment_pence: r.n2!,
      principal_pence: r.n3!,
      interest_pence: r.n4!,
      due_date: r.t1!,
      version: r.f1!,
    })),
    transactions: of('t').flatMap((r) => ledgerRowsOf(r.application_id, r.n1, r.t1!)),
    attempts: of('a').map((r) => ({
      id: r.n1,
      application_id: r.application_id,
      seq: r.n2!,
      attempt: r.n3!,
      amount_pence: r.n4!,
      on_date: r.t1!,
      idempotency_key: r.t2!,
      outcome: r.t3 as AttemptRow['outcome'],
      z2: r.t4,
      z3: r.t5,
      charge_id: r.t6,
      created_at: r.t7!,
      answered_at: r.t8,
    })),
    plans: of('s').map((r) => ({
      application_id: r.application_id,
      version: r.n1,
      paid_before_pence: r.n2!,
      daily_rate: r.f1!,
      kind: r.t1 as PlanRow['kind'],
      created_on: r.t2!,
      idempotency_key: r.t3!,
      created_at: r.t4!,
      request_hash: r.t5,
      without_card: r.n3 ?? 0,
      pause_until: r.t6,
    })),
    approvals: of('d').map((r) => ({ applicationId: r.application_id, at: r.t1! })),
    facts: of('f').map((r): LoanFactsRow => ({
      is_legal: r.n1,
      newest_status_id: r.n2,
      newest_id: r.n3,
      application_id: r.application_id === 0 ? null : r.application_id,
      loan_status_id: r.n4,
      blocked_on: r.t1,
      settled_on: r.t2,
      notice_on: r.t3,
      repay_by: r.t4,
      letter_issued_on: r.t5,
      letter_reply_by: r.t6,
      letter_state: r.t7,
      space_last_day: r.t8,
      card_last4: r.t9,
    }))[0],
  };
}
