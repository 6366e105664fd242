import type { CreateTableBuilder, Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/** The address columns every stored address has, lengths as spec section 9 gives them. */
function withAddress<T extends string>(table: CreateTableBuilder<T, never>, prefix = '') {
  return table
    .addColumn(`${prefix}post_code`, 'varchar(8)')
    .addColumn(`${prefix}county`, 'varchar(35)')
    .addColumn(`${prefix}town`, 'varchar(25)')
    .addColumn(`${prefix}street`, 'varchar(50)')
    .addColumn(`${prefix}building`, 'varchar(50)')
    .addColumn(`${prefix}house_number`, 'varchar(12)')
    .addColumn(`${prefix}flat_no`, 'varchar(30)')
    .addColumn(`${prefix}address_str`, 'varchar(300)');
}

/**
 * Stages 2 to 4 of an application (issue 10): the card the provider confirmed (its token sealed with
 * DATA_KEY; never the number or the security code), the affordability details and their assessment, a
 * previous address, and the bank account (sort code and account number sealed with DATA_KEY).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withAddress(
    withId(db, db.schema.createTable('cards'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
      .addColumn('application_id', 'integer', (c) => c.references('applications.id'))
      .addColumn('provider_token_sealed', 'varchar(500)', notNull)
      .addColumn('provider_trx_id', 'varchar(200)', notNull)
      .addColumn('last4', 'varchar(4)', notNull)
      .addColumn('exp_month', 'integer', notNull)
      .addColumn('exp_year', 'integer', notNull)
      .addColumn('holder_name', 'varchar(100)', notNull)
      .addColumn('billing_is_home', 'integer', notNull),
    'billing_',
  )
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('cards_customer_idx').on('cards').column('customer_id').execute();

  await db.schema
    .createTable('application_affordability')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id'))
    .addColumn('residential_status_id', 'integer', notNull)
    .addColumn('lived_in_address_id', 'integer', notNull)
    .addColumn('marital_status_id', 'integer', notNull)
    .addColumn('employment_type_id', 'integer', notNull)
    .addColumn('employment_industry_id', 'integer', notNull)
    .addColumn('employer_name', 'varchar(100)', notNull)
    .addColumn('employment_length_months', 'integer')
    .addColumn('loan_purpose_id', 'integer', notNull)
    .addColumn('net_income_pence', 'integer', notNull)
    .addColumn('expenses_pence', 'integer', notNull)
    .addColumn('instalment_pence', 'integer', notNull)
    .addColumn('buffer_pence', 'integer', notNull)
    .addColumn('approved', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await db.schema
    .createTable('application_expenses')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('category', 'varchar(40)', notNull)
    .addColumn('monthly_pence', 'integer', notNull)
    .addPrimaryKeyConstraint('application_expenses_pk', ['application_id', 'category'])
    .execute();

  await withAddress(
    db.schema
      .createTable('application_previous_addresses')
      .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id')),
  )
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('bank_accounts'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('application_id', 'integer', (c) => c.references('applications.id'))
    .addColumn('sort_code_sealed', 'varchar(200)', notNull)
    .addColumn('account_number_sealed', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('bank_accounts_customer_idx')
    .on('bank_accounts')
    .column('customer_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'bank_accounts',
    'application_previous_addresses',
    'application_expenses',
    'application_affordability',
    'cards',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
