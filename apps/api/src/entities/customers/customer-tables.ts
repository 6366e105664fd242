import type { Generated } from 'kysely';
import type { AddressColumns } from '../addresses/address-tables';

export interface CustomerTable extends Omit<AddressColumns, 'post_code' | 'address_str'> {
  id: Generated<number>;
  email: string;
  mobile: string;
  title_id: number;
  first_name: string;
  last_name: string;
  birth_date: string;
  password_hash: string | null;
  is_legal: number;
  /** Marketing consent per channel (docs/decisions/017); consent_events keeps its history. */
  news_by_email: number;
  news_by_sms: number;
  /** The home address (AddressColumns): a customer always has a post code and the one-line form. */
  post_code: string;
  address_str: string;
  lived_in_address_id: number | null;
  residential_status_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ConsentEventTable {
  id: Generated<number>;
  customer_id: number;
  channel: 'email' | 'sms';
  given: number;
  /** Where it was given or withdrawn: 'stage1', 'partner-lead' (always withheld), 'account'. */
  source: string;
  created_at: string;
}
