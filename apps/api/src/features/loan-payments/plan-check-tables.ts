/**
 * What a refinance was agreed on (issue 46, migration 030): the information sheet shown and the income
 * and expenditure check, per plan (loan_schedules' application and version). Amounts only.
 */
export interface PlanIncomeCheckTable {
  application_id: number;
  version: number;
  /**
   * Which sheet was shown (REFINANCE_SHEET.id), so a later change of its text is traceable; null for a
   * forbearance plan paid by other means (no refinance).
   */
  information_sheet: string | null;
  monthly_income_pence: number;
  housing_pence: number;
  bills_pence: number;
  credit_pence: number;
  living_pence: number;
  other_pence: number;
  /** Income less the outgoings, as the server computed it. */
  disposable_pence: number;
  /** The most the plan takes in one calendar month, which was no more than disposable_pence. */
  plan_month_pence: number;
  created_at: string;
}
