import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { addressColumns, type StoredAddress } from '../../lib/stored-address';

export type Housing = { livedInAddressId: number; residentialStatusId: number };

export type AccountCustomerRepository = ReturnType<typeof accountCustomerRepository>;

/**
 * The customers row as the account area reads and changes it. Every write is keyed by the id of the
 * signed-in customer (or of the link's owner) that the service passes: never by anything in a payload.
 */
export const accountCustomerRepository = (db: DbExecutor) => {
  const update = (id: number) => db.updateTable('customers').where('id', '=', id);
  return {
    findById: (id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst(),

    /** E-mail addresses are stored lower-cased (the contract's e-mail field), so equality is enough. */
    findIdByEmail: async (email: string) =>
      (await db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst())?.id ??
      null,

    findIdByMobile: async (mobile: string) =>
      (await db.selectFrom('customers').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id ??
      null,

    newestApplicationId: async (customerId: number) =>
      (
        await db
          .selectFrom('applications')
          .select('id')
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.id ?? null,

    setPasswordHash: (id: number, passwordHash: string) =>
      update(id).set({ password_hash: passwordHash, updated_at: nowIso() }).execute(),

    setEmail: (id: number, email: string) => update(id).set({ email, updated_at: nowIso() }).execute(),

    setMobile: (id: number, mobile: string) => update(id).set({ mobile, updated_at: nowIso() }).execute(),

    setAddress: (id: number, address: StoredAddress, housing: Housing) => {
      // The customers row requires a post code and a one-line address; the contract makes both present.
      const columns = {
        ...addressColumns(address),
        post_code: address.postCode,
        address_str: address.addressStr,
      };
      return update(id)
        .set({
          ...columns,
          lived_in_address_id: housing.livedInAddressId,
          residential_status_id: housing.residentialStatusId,
          updated_at: nowIso(),
        })
        .execute();
    },

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
      db
        .insertInto('consent_events')
        .values({
          customer_id: customerId,
          channel,
          given: given ? 1 : 0,
          source: 'account',
          created_at: nowIso(),
        })
        .execute(),
  };
};
