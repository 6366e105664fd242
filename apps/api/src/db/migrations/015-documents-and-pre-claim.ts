import { sql, type Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/** Dictionary 30 (documentCategories): what a customer's upload is. Ids are stable: documents refer to them. */
const DOCUMENT_CATEGORIES: [number, string][] = [
  [1, 'Payslip'],
  [2, 'Bank statement'],
  [3, 'Proof of identity'],
  [4, 'Letter'],
  [5, 'Other evidence'],
];

/**
 * Issue 28 (docs/decisions/028, 029): a customer's documents (the lender's and their uploads), the
 * single-use links that download them, and the pre-claim process of an account flagged legal: the
 * Letter of Claim and the customer's reply.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('dictionary_entries')
    .values(
      DOCUMENT_CATEGORIES.map(([id, name], i) => ({
        dictionary: 'documentCategories',
        id,
        name,
        sort_order: i + 1,
        in_small: 0,
        fixes_date: 0,
      })),
    )
    .execute();

  // One row per document a customer can open. A stored file (an upload, a letter, a reply) has its
  // random `storage_key` in the document store; an agreement is read from its signature and a summary
  // is made on the day it is opened, so they have none.
  await withId(db, db.schema.createTable('documents'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('category_id', 'integer')
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('application_id', 'integer', (c) => c.references('applications.id'))
    // 'agreement:<application>', 'summary:<customer>': one row for each, made when first listed.
    .addColumn('reference', 'varchar(60)')
    .addColumn('storage_key', 'varchar(100)')
    .addColumn('content_type', 'varchar(40)', notNull)
    .addColumn('size_bytes', 'integer')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('created_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('deleted_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('documents_customer_idx')
    .on('documents')
    .columns(['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('documents_reference_uq')
    .on('documents')
    .column('reference')
    .unique()
    .execute();
  await db.schema
    .createIndex('documents_storage_key_uq')
    .on('documents')
    .column('storage_key')
    .unique()
    .execute();

  // A download link's guid is stored as its SHA-256 only; five minutes, one use.
  await withId(db, db.schema.createTable('document_links'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('document_links_hash_uq')
    .on('document_links')
    .column('token_hash')
    .unique()
    .execute();

  // The Letter of Claim (Pre-Action Protocol for Debt Claims): its figures as the ledger gave them on
  // the day, and where the process stands: 'open' (waiting for a reply), 'replied' (legal steps paused
  // until staff act), 'closed' (staff closed it, or the flag was removed).
  await withId(db, db.schema.createTable('pre_claim_letters'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('issued_on', 'varchar(10)', notNull)
    .addColumn('reply_by', 'varchar(10)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('interest_continues', 'integer', notNull)
    .addColumn('daily_interest_pence', 'integer', notNull)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('closed_on', 'varchar(10)')
    .addColumn('closed_reason', 'varchar(200)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // At most one letter in progress per account: a second flag, or a close of business run again, finds it.
  await db.schema
    .createIndex('pre_claim_letters_open_uq')
    .on('pre_claim_letters')
    .column('customer_id')
    .unique()
    .where(sql.ref('state'), '<>', 'closed')
    .execute();

  // The Reply Form's answers staff act on; what the customer wrote is in the reply's PDF (a document).
  await withId(db, db.schema.createTable('pre_claim_replies'))
    .addColumn('letter_id', 'integer', (c) => c.notNull().unique().references('pre_claim_letters.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('submitted_on', 'varchar(10)', notNull)
    .addColumn('owes', 'varchar(10)', notNull)
    .addColumn('part_amount_pence', 'integer')
    .addColumn('wants_documents', 'integer', notNull)
    .addColumn('proposes_instalments', 'integer', notNull)
    .addColumn('instalment_pence', 'integer')
    .addColumn('seeking_advice', 'integer', notNull)
    .addColumn('no_claim_before', 'varchar(10)', notNull)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('statement_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pre_claim_replies').execute();
  await db.schema.dropTable('pre_claim_letters').execute();
  await db.schema.dropTable('document_links').execute();
  await db.schema.dropTable('documents').execute();
  await db.deleteFrom('dictionary_entries').where('dictionary', '=', 'documentCategories').execute();
}
