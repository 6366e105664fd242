import type { Pence } from '@lender/contract/money';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { addressColumns, type StoredAddress } from '../addresses/stored-address';

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
});

export type AffordabilityRepository = ReturnType<typeof affordabilityRepository>;
