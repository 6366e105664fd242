import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { sql, type Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { ApplicationTable } from './application-tables';
import { preparedQuery } from '../../db/prepared-query';
import { nowIso } from '../../lib/clock';
import type { LoanTerms } from './loan-terms';
import type { Actor } from '../audit/actor';

/** application_decisions.reason's size (migration 001). */
export const REASON_MAX = 500;

/**
 * A reason as the column holds it: a long one (a repeat loan's every finding) is cut with an ellipsis. Its
 * findings are kept whole beside it (decision_findings), so nothing a person needs is lost.
 */
export const fitReason = (reason: string) =>
  reason.length <= REASON_MAX ? reason : `${reason.slice(0, REASON_MAX - 1)}…`;

/** The daily rate is stored in millionths (8000 = 0.8% a day) so that it stays an integer. */
const PPM = 1_000_000;

export type Application = {
  id: number;
  guid: string;
  customerId: number;
  statusId: number;
  terms: LoanTerms;
  /** A fraction per day, as the pricing engine takes it. */
  dailyRate: number;
  netMonthlyIncomePence: Pence;
  numDependents: number;
};

export type NewApplication = Omit<Application, 'id'> & {
  productId: number;
  source: string | null;
  campaign: string | null;
  tierName: string | null;
};

/** The figures of the quote the applicant accepted, as the pricing engine names them. */
export type AcceptedQuote = {
  terms: LoanTerms;
  productId: number;
  totalRepayablePence: Pence;
  instalmentPence: Pence;
  aprPercent: number;
};

export type Decision = {
  applicationId: number | null;
  customerId: number | null;
  kind: string;
  reason: string;
  /** Who decided (entities/audit/actor.ts). */
  actor: Actor;
};

type TermsRow = Pick<
  Selectable<ApplicationTable>,
  'amount_pence' | 'period' | 'repayment_date' | 'wage_frequency_id' | 'daily_rate_ppm'
>;

/** An application row's loan terms and daily rate, under the pricing engine's names. */
export const pricingOf = (row: TermsRow): Pick<Application, 'terms' | 'dailyRate'> => ({
  terms: {
    amountPence: row.amount_pence,
    period: row.period,
    repaymentDate: row.repayment_date as IsoDate,
    wageFrequencyId: row.wage_frequency_id,
  },
  dailyRate: row.daily_rate_ppm / PPM,
});

const toApplication = (row: Selectable<ApplicationTable>): Application => ({
  id: row.id,
  guid: row.guid,
  customerId: row.customer_id,
  statusId: row.status_id,
  ...pricingOf(row),
  netMonthlyIncomePence: row.net_monthly_income_pence,
  numDependents: row.num_dependents,
});

const termColumns = (terms: LoanTerms) => ({
  amount_pence: terms.amountPence,
  period: terms.period,
  repayment_date: terms.repaymentDate,
  wage_frequency_id: terms.wageFrequencyId,
});

export type ApplicationRepository = ReturnType<typeof applicationRepository>;

/**
 * A customer's newest application: the one every stage screen works on. The one place that says which
 * application is the newest; each read below chooses only its columns.
 */
const newestApplication = (db: DbExecutor, customerId: number) =>
  db
    .selectFrom('applications')
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    // A literal, not a parameter: with a bound LIMIT, SQLite re-prepares the statement on every run
    // (17 µs against 3 µs here; bench/README.md).
    .limit(sql.lit(1));

const latestApplication = preparedQuery(
  (db, customerId: number) => newestApplication(db, customerId).selectAll(),
  1,
);

/** What a quote for other terms needs of the newest application: whether it is open, and its rate. */
const latestRate = preparedQuery(
  (db, customerId: number) => newestApplication(db, customerId).select(['status_id', 'daily_rate_ppm']),
  1,
);

export const applicationRepository = (db: DbExecutor) => ({
  async latest(customerId: number): Promise<Application | undefined> {
    const [row] = await latestApplication(db, customerId);
    return row && toApplication(row);
  },

  /** The newest application's status and daily rate (see `Application`); undefined when there is none. */
  async latestRate(customerId: number): Promise<Pick<Application, 'statusId' | 'dailyRate'> | undefined> {
    const [row] = await latestRate(db, customerId);
    return row && { statusId: row.status_id, dailyRate: row.daily_rate_ppm / PPM };
  },

  async statusesOf(customerIds: number[]): Promise<number[]> {
    if (customerIds.length === 0) return [];
    const rows = await db
      .selectFrom('applications')
      .select('status_id')
      .where('customer_id', 'in', customerIds)
      .execute();
    return rows.map((r) => r.status_id);
  },

  async insert(a: NewApplication): Promise<number> {
    const now = nowIso();
    const row = await db
      .insertInto('applications')
      .values({
        guid: a.guid,
        customer_id: a.customerId,
        status_id: a.statusId,
        product_id: a.productId,
        ...termColumns(a.terms),
        net_monthly_income_pence: a.netMonthlyIncomePence,
        num_dependents: a.numDependents,
        daily_rate_ppm: Math.round(a.dailyRate * PPM),
        source: a.source,
        campaign: a.campaign,
        tier_name: a.tierName,
        quote_total_repayable_pence: null,
        quote_instalment_pence: null,
        quote_apr_percent: null,
        accepted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** Stores the accepted quote's figures (its status moves by `transition`, in the same transaction). */
  storeQuote: (id: number, q: AcceptedQuote) => {
    const now = nowIso();
    return db
      .updateTable('applications')
      .set({
        product_id: q.productId,
        ...termColumns(q.terms),
        quote_total_repayable_pence: q.totalRepayablePence,
        quote_instalment_pence: q.instalmentPence,
        quote_apr_percent: q.aprPercent,
        accepted_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Moves the application to `to` only from one of the statuses `from`: of two concurrent requests for
   * the same stage, the second finds nothing to move. False when nothing moved.
   */
  async moveStatus(id: number, from: readonly number[], to: number): Promise<boolean> {
    const result = await db
      .updateTable('applications')
      .set({ status_id: to, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status_id', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  recordDecision: (d: Decision) =>
    db
      .insertInto('application_decisions')
      .values({
        application_id: d.applicationId,
        customer_id: d.customerId,
        kind: d.kind,
        reason: fitReason(d.reason),
        actor: d.actor,
        created_at: nowIso(),
      })
      .execute(),
});
