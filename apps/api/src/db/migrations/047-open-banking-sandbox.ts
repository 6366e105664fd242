import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * The built-in open banking sandbox bank's own tables (apps/api/src/sandbox/open-banking/tables.ts),
 * apart from the lender's as a real bank's would be: the account-access consents, the authorisation
 * codes and the access tokens it issued. Codes and tokens only as their SHA-256: a leaked row reads no
 * account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ob_sandbox_consents'))
    .addColumn('consent_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('client_id', 'varchar(200)', notNull)
    .addColumn('bank_id', 'varchar(40)', notNull)
    // AwaitingAuthorisation, Authorised, Rejected or Revoked (OB v3.1); expiry is read from expires_at.
    .addColumn('status', 'varchar(24)', notNull)
    // The permissions granted, as JSON.
    .addColumn('permissions', 'varchar(500)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('transactions_from', 'varchar(30)')
    // The sandbox customer whose statements the applicant chose on the consent page.
    .addColumn('customer', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('status_updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('ob_sandbox_codes'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('consent_id', 'varchar(64)', notNull)
    // The code is good only with the redirect it was sent to (RFC 6749 §4.1.3).
    .addColumn('redirect_uri', 'varchar(2048)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('ob_sandbox_tokens'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // 'client' (client credentials: consents) or 'consent' (an applicant's: their accounts).
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('client_id', 'varchar(200)', notNull)
    .addColumn('consent_id', 'varchar(64)')
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('ob_sandbox_tokens_consent')
    .on('ob_sandbox_tokens')
    .column('consent_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ob_sandbox_tokens', 'ob_sandbox_codes', 'ob_sandbox_consents']) {
    await db.schema.dropTable(table).execute();
  }
}
