import type { IsoDate } from '@lender/contract/dates';
import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { CustomerTable } from './customer-tables';
import { nowIso } from '../../lib/clock';
import { addressColumns, addressFromColumns, type StoredAddress } from '../addresses/stored-address';

/** A customer under the server's names: every service reads this, never the row. */
export type Customer = {
  id: number;
  email: string;
  mobile: string;
  titleId: number;
  firstName: string;
  lastName: string;
  birthDate: IsoDate;
  /** Null until the customer sets a password (the welcome e-mail's link). */
  passwordHash: string | null;
  /** Flagged for the pre-claim area (spec section 6). */
  isLegal: boolean;
  newsByEmail: boolean;
  newsBySms: boolean;
  /** The home address; the customers row always holds a post code and the one-line form. */
  address: StoredAddress;
  livedInAddressId: number | null;
  residentialStatusId: number | null;
};

/** A person as stage1 registers them, before they have a password. */
export type NewCustomer = Pick<
  Customer,
  'email' | 'mobile' | 'titleId' | 'firstName' | 'lastName' | 'birthDate' | 'address'
> & {
  newsFromUs: boolean;
  /** Where the first consent answer came from, for its history: 'stage1' unless given. */
  consentSource?: 'stage1' | 'partner-lead';
};

export type Housing = { livedInAddressId: number; residentialStatusId: number };

/** The one row-to-domain mapping of a customer. */
const toCustomer = (row: Selectable<CustomerTable>): Customer => ({
  id: row.id,
  email: row.email,
  mobile: row.mobile,
  titleId: row.title_id,
  firstName: row.first_name,
  lastName: row.last_name,
  birthDate: row.birth_date as IsoDate,
  passwordHash: row.password_hash,
  isLegal: row.is_legal === 1,
  newsByEmail: row.news_by_email === 1,
  newsBySms: row.news_by_sms === 1,
  address: addressFromColumns(row),
  livedInAddressId: row.lived_in_address_id,
  residentialStatusId: row.residential_status_id,
});

/** The customers row's address columns: it requires a post code and a one-line address (the contract makes both present). */
const homeAddressColumns = (address: StoredAddress) => ({
  ...addressColumns(address),
  post_code: address.postCode,
  address_str: address.addressStr,
});

export type CustomerRepository = ReturnType<typeof customerRepository>;

/**
 * The customers table. Every write is keyed by the id of the signed-in customer (or of a link's owner)
 * that the service passes: never by anything in a payload.
 */
export const customerRepository = (db: DbExecutor) => {
  const update = (id: number) => db.updateTable('customers').where('id', '=', id);
  const idWhere = async (column: 'email' | 'mobile', value: string) =>
    (await db.selectFrom('customers').select('id').where(column, '=', value).executeTakeFirst())?.id ?? null;
  return {
    async findById(id: number): Promise<Customer | undefined> {
      const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCustomer(row);
    },

    /** E-mail addresses are stored lower-cased (the contract's e-mail field), so equality is enough. */
    async findByEmail(email: string): Promise<Customer | undefined> {
      const row = await db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirst();
      return row && toCustomer(row);
    },

    findIdByEmail: (email: string) => idWhere('email', email),
    findIdByMobile: (mobile: string) => idWhere('mobile', mobile),

    findByEmailOrMobile: (email: string, mobile: string) =>
      db
        .selectFrom('customers')
        .select(['id', 'email', 'mobile'])
        .where((eb) => eb.or([eb('email', '=', email), eb('mobile', '=', mobile)]))
        .execute(),

    async insert(c: NewCustomer): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('customers')
        .values({
          email: c.email,
          mobile: c.mobile,
          title_id: c.titleId,
          first_name: c.firstName,
          last_name: c.lastName,
          birth_date: c.birthDate,
          password_hash: null,
          is_legal: 0,
          news_by_email: c.newsFromUs ? 1 : 0,
          news_by_sms: c.newsFromUs ? 1 : 0,
          ...homeAddressColumns(c.address),
          lived_in_address_id: null,
          residential_status_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      // The answer to stage 1's news question (a lead's: none), as the first entry of the consent history (PECR).
      for (const channel of ['email', 'sms'] as const)
        await recordConsent(id, channel, c.newsFromUs, c.consentSource ?? 'stage1');
      return id;
    },

    /** Stage 3 tells how long the customer has lived at the address and on what terms (account details show it). */
    updateHousing: (id: number, h: Housing) =>
      update(id)
        .set({
          lived_in_address_id: h.livedInAddressId,
          residential_status_id: h.residentialStatusId,
          updated_at: nowIso(),
        })
        .execute(),

    setPasswordHash: (id: number, passwordHash: string) =>
      update(id).set({ password_hash: passwordHash, updated_at: nowIso() }).execute(),

    setEmail: (id: number, email: string) => update(id).set({ email, updated_at: nowIso() }).execute(),

    setMobile: (id: number, mobile: string) => update(id).set({ mobile, updated_at: nowIso() }).execute(),

    setAddress: (id: number, address: StoredAddress, housing: Housing) =>
      update(id)
        .set({
          ...homeAddressColumns(address),
          lived_in_address_id: housing.livedInAddressId,
          residential_status_id: housing.residentialStatusId,
          updated_at: nowIso(),
        })
        .execute(),

    /** Sets one channel's marketing consent; false when it already had that value (nothing to record). */
    async setConsent(id: number, channel: 'email' | 'sms', given: boolean): Promise<boolean> {
      const column = channel === 'email' ? 'news_by_email' : 'news_by_sms';
      const value = given ? 1 : 0;
      // Conditional, so of two racing requests only the one that made the change records it.
      const result = await update(id)
        .set({ [column]: value, updated_at: nowIso() })
        .where(column, '!=', value)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Proof of consent (PECR): each change of a channel, where it was made. */
    recordConsent: (customerId: number, channel: 'email' | 'sms', given: boolean) =>
      recordConsent(customerId, channel, given, 'account'),
  };

  function recordConsent(customerId: number, channel: 'email' | 'sms', given: boolean, source: string) {
    return db
      .insertInto('consent_events')
      .values({ customer_id: customerId, channel, given: given ? 1 : 0, source, created_at: nowIso() })
      .execute();
  }
};
