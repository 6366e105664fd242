import type { Kysely } from 'kysely';
import { notNull } from './column-helpers';

/**
 * Issue 45 (docs/decisions/046-upload-cap-and-card-check-owners.md): each card check (the provider's transaction)
 * belongs to the customer who first presented it; another customer's call with it is refused. The
 * transactions already used are given to the customer who used them first: the cards stored and the
 * payments by a new card.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_checks')
    .addColumn('trx_id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('claimed_at', 'varchar(30)', notNull)
    .execute();

  for (const table of ['cards', 'loan_payments'] as const) {
    await db
      .insertInto('card_checks')
      .columns(['trx_id', 'customer_id', 'claimed_at'])
      .expression(
        db
          .selectFrom(`${table} as used`)
          .select(['used.provider_trx_id', 'used.customer_id', 'used.created_at'])
          .where('used.provider_trx_id', 'is not', null)
          // The first use of each transaction.
          .where(({ eb, selectFrom }) =>
            eb(
              'used.id',
              '=',
              selectFrom(`${table} as earlier`)
                .select(({ fn }) => fn.min('earlier.id').as('first'))
                .whereRef('earlier.provider_trx_id', '=', 'used.provider_trx_id'),
            ),
          ),
      )
      .onConflict((oc) => oc.column('trx_id').doNothing())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_checks').execute();
}
