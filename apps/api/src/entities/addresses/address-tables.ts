/** The columns of a stored address; a table may prefix them (`billing_`). */
export interface AddressColumns {
  post_code: string | null;
  county: string | null;
  town: string | null;
  street: string | null;
  building: string | null;
  house_number: string | null;
  flat_no: string | null;
  address_str: string | null;
}

/** An address's columns under a prefix (a card's `billing_` address). */
export type Prefixed<P extends string, T> = { [K in keyof T as `${P}${K & string}`]: T[K] };
