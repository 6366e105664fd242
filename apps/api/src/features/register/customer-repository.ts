import type { Transaction } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/schema';

type Executor = Db | Transaction<Database>;

export const findCustomerByEmailOrMobile = (db: Executor, email: string, mobile: string) =>
  db
    .selectFrom('customers')
    .select(['id', 'email', 'mobile'])
    .where((eb) => eb.or([eb('email', '=', email), eb('mobile', '=', mobile)]))
    .execute();

export const findCustomerById = (db: Executor, id: number) =>
  db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertCustomer(db: Executor, values: Omit<Database['customers'], 'id'>) {
  const row = await db.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
