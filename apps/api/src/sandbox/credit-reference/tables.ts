import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/create-db';

/**
 * The credit reference sandbox's own tables (migration 032), kept apart from the lender's `db/schema.ts`
 * as a real agency's database would be.
 */
export type CraSandboxTables = {
  cra_sandbox_searches: CraSandboxSearchTable;
  cra_sandbox_records: CraSandboxRecordTable;
  cra_sandbox_monthly_lines: CraSandboxMonthlyLineTable;
  cra_sandbox_rejections: CraSandboxRejectionTable;
};

/** A search the lender made: its footprint, by the surname searched (lower case). */
export interface CraSandboxSearchTable {
  id: Generated<number>;
  reference: string;
  search_type: 'quotation' | 'application';
  surname: string;
  consent_reference: string;
  /** The lender's business date when searched. */
  searched_on: string;
  created_at: string;
}

/** A shared loan event, once per eventId: the record as received, in JSON. */
export interface CraSandboxRecordTable {
  id: Generated<number>;
  event_id: string;
  receipt_id: string;
  account_reference: string;
  event: string;
  occurred_on: string;
  record_json: string;
  received_at: string;
}

/** An accepted account line of a monthly file (every file is kept: a month sent again is a new receipt). */
export interface CraSandboxMonthlyLineTable {
  id: Generated<number>;
  month: string;
  receipt_id: string;
  line_number: number;
  account_reference: string;
  status: string;
  balance_pence: number;
  line: string;
  received_at: string;
}

export interface CraSandboxRejectionTable {
  id: Generated<number>;
  receipt_id: string;
  source: 'records' | 'monthly';
  month: string | null;
  record_id: string;
  reason: string;
  received_at: string;
}

export type CraSandboxDb = Kysely<CraSandboxTables>;

/** The application's database seen through the sandbox's tables, and only those. */
export const craSandboxDb = (db: Db): CraSandboxDb =>
  db.$extendTables<CraSandboxTables>().$pickTables<keyof CraSandboxTables>();
