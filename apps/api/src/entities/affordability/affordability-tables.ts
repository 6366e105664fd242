import type { AddressColumns } from '../addresses/address-tables';

/** Stage 3's answers and the assessment made from them, in pence a month. */
export interface ApplicationAffordabilityTable {
  application_id: number;
  residential_status_id: number;
  lived_in_address_id: number;
  marital_status_id: number;
  employment_type_id: number;
  employment_industry_id: number;
  employer_name: string;
  employment_length_months: number | null;
  loan_purpose_id: number;
  net_income_pence: number;
  expenses_pence: number;
  instalment_pence: number;
  buffer_pence: number;
  approved: number;
  created_at: string;
}

export interface ApplicationExpenseTable {
  application_id: number;
  category: string;
  monthly_pence: number;
}

export interface PreviousAddressTable extends AddressColumns {
  application_id: number;
  created_at: string;
}
