import type { Generated } from 'kysely';
import type { AddressColumns, Prefixed } from '../addresses/address-tables';

/** A card the provider confirmed: its token sealed (DATA_KEY), never the number or the security code. */
export interface CardTable extends Prefixed<'billing_', AddressColumns> {
  id: Generated<number>;
  customer_id: number;
  application_id: number | null;
  provider_token_sealed: string;
  provider_trx_id: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  billing_is_home: number;
  created_at: string;
}
