import type { Generated } from 'kysely';

/** A search of a credit file we made (migration 033): the report sealed, the agency's reference in clear. */
export interface CreditSearchTable {
  id: Generated<number>;
  application_guid: string;
  /** 'quotation' (soft) | 'application' (hard). */
  search_type: string;
  agency: string;
  /** 'report' | 'unavailable'. */
  outcome: string;
  reference: string | null;
  report_sealed: string | null;
  searched_on: string;
  searched_at: string;
}
