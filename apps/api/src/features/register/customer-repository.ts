import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

/** A person as stage1 registers them, before they have a password. */
export type NewCustomer = {
  email: string;
  mobile: string;
  titleId: number;
  firstName: string;
  lastName: string;
  birthDate: IsoDate;
  newsFromUs: boolean;
  postCode: string;
  county: string | null;
  town: string | null;
  street: string | null;
  building: string | null;
  houseNumber: string | null;
  flatNo: string | null;
  /** The address on one line, as documents and e-mails show it. */
  addressStr: string;
};

export type CustomerRepository = ReturnType<typeof customerRepository>;

export const customerRepository = (db: DbExecutor) => ({
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
        post_code: c.postCode,
        county: c.county,
        town: c.town,
        street: c.street,
        building: c.building,
        house_number: c.houseNumber,
        flat_no: c.flatNo,
        address_str: c.addressStr,
        lived_in_address_id: null,
        residential_status_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    // The answer to stage 1's news question, as the first entry of the consent history (PECR).
    await db
      .insertInto('consent_events')
      .values(
        (['email', 'sms'] as const).map((channel) => ({
          customer_id: id,
          channel,
          given: c.newsFromUs ? 1 : 0,
          source: 'stage1',
          created_at: now,
        })),
      )
      .execute();
    return id;
  },

  /** Stage 3 tells how long the customer has lived at the address and on what terms (account details show it). */
  async updateHousing(id: number, h: { livedInAddressId: number; residentialStatusId: number }) {
    await db
      .updateTable('customers')
      .set({
        lived_in_address_id: h.livedInAddressId,
        residential_status_id: h.residentialStatusId,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  },
});
