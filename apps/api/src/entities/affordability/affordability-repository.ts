import type { Pence } from '@lender/contract/money';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { addressColumns, addressFromColumns, type StoredAddress } from '../addresses/stored-address';

/** Stage 3's answers, as the services name them; money in pence a month. */
export type AffordabilityDetails = {
  residentialStatusId: number;
  livedInAddressId: number;
  maritalStatusId: number;
  employmentTypeId: number;
  employmentIndustryId: number;
  employerName: string;
  employmentLengthMonths: number | null;
  loanPurposeId: number;
  /** Monthly amount per expense category of spec section 3 (`rent`, `utility`, ...). */
  expensesPence: Record<string, Pence>;
  previousAddress: StoredAddress | null;
};

export type AffordabilityRecord = {
  applicationId: number;
  details: AffordabilityDetails;
  netIncomePence: Pence;
  expensesPence: Pence;
  instalmentPence: Pence;
  bufferPence: Pence;
  approved: boolean;
};

export const affordabilityRepository = (db: DbExecutor) => ({
  /** Writes the answers and the assessment once: a second insert for the same application fails. */
  async insert(r: AffordabilityRecord): Promise<void> {
    const d = r.details;
    const now = nowIso();
    await db
      .insertInto('application_affordability')
      .values({
        application_id: r.applicationId,
        residential_status_id: d.residentialStatusId,
        lived_in_address_id: d.livedInAddressId,
        marital_status_id: d.maritalStatusId,
        employment_type_id: d.employmentTypeId,
        employment_industry_id: d.employmentIndustryId,
        employer_name: d.employerName,
        employment_length_months: d.employmentLengthMonths,
        loan_purpose_id: d.loanPurposeId,
        net_income_pence: r.netIncomePence,
        expenses_pence: r.expensesPence,
        instalment_pence: r.instalmentPence,
        buffer_pence: r.bufferPence,
        approved: r.approved ? 1 : 0,
        created_at: now,
      })
      .execute();
    const expenses = Object.entries(d.expensesPence).map(([category, pence]) => ({
      application_id: r.applicationId,
      category,
      monthly_pence: pence,
    }));
    if (expenses.length) await db.insertInto('application_expenses').values(expenses).execute();
    if (d.previousAddress) {
      await db
        .insertInto('application_previous_addresses')
        .values({ application_id: r.applicationId, ...addressColumns(d.previousAddress), created_at: now })
        .execute();
    }
  },

  /** Whether the application's affordability was assessed and passed. */
  async passedFor(applicationId: number): Promise<boolean> {
    const row = await db
      .selectFrom('application_affordability')
      .select('approved')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    return row?.approved === 1;
  },

  /**
   * The customer's newest affordability answers (stage 3's, or a repeat loan's), with the net income
   * they were assessed on: what a repeat loan's form starts from. Undefined when they never gave any.
   */
  async latestOf(
    customerId: number,
  ): Promise<{ details: AffordabilityDetails; netIncomePence: Pence } | undefined> {
    const row = await db
      .selectFrom('application_affordability as f')
      .innerJoin('applications as a', 'a.id', 'f.application_id')
      .selectAll('f')
      .where('a.customer_id', '=', customerId)
      .orderBy('f.application_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const [expenses, previous] = await Promise.all([
      db
        .selectFrom('application_expenses')
        .select(['category', 'monthly_pence'])
        .where('application_id', '=', row.application_id)
        .execute(),
      db
        .selectFrom('application_previous_addresses')
        .selectAll()
        .where('application_id', '=', row.application_id)
        .executeTakeFirst(),
    ]);
    return {
      netIncomePence: row.net_income_pence,
      details: {
        residentialStatusId: row.residential_status_id,
        livedInAddressId: row.lived_in_address_id,
        maritalStatusId: row.marital_status_id,
        employmentTypeId: row.employment_type_id,
        employmentIndustryId: row.employment_industry_id,
        employerName: row.employer_name,
        employmentLengthMonths: row.employment_length_months,
        loanPurposeId: row.loan_purpose_id,
        expensesPence: Object.fromEntries(expenses.map((e) => [e.category, e.monthly_pence])),
        previousAddress: previous ? addressFromColumns(previous) : null,
      },
    };
  },
});

export type AffordabilityRepository = ReturnType<typeof affordabilityRepository>;
