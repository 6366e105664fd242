import type { Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 48 item 7: the complaints register (FCA DISP 1.6). A complaint is logged once and closed once;
 * its deadlines are worked out when it is logged and kept, so a later change of the bank holidays' table
 * does not move a deadline the customer was told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('complaints'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('loan_id', 'integer')
    // 'phone' | 'email' | 'letter' | 'webChat' | 'inPerson'.
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    // 'affordability' | 'arrears' | 'feesCharges' | 'customerService' | 'dataProtection' | 'fraudScam' | 'other'.
    .addColumn('category', 'varchar(24)', (c) => c.notNull())
    .addColumn('summary', 'varchar(2000)', (c) => c.notNull())
    .addColumn('received_on', 'varchar(10)', (c) => c.notNull())
    // The close of the third business day after receipt: the last day a summary resolution may close it.
    .addColumn('summary_by', 'varchar(10)', (c) => c.notNull())
    // The end of eight weeks after receipt.
    .addColumn('deadline_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('logged_by', 'integer', (c) => c.notNull())
    .addColumn('logged_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('acknowledged_at', 'varchar(32)')
    // DISP 1.6.2R(2): the day the 8-week holding response was sent, if one was.
    .addColumn('holding_sent_on', 'varchar(10)')
    .addColumn('closed_on', 'varchar(10)')
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('closed_by', 'integer')
    // 'upheld' | 'partlyUpheld' | 'notUpheld'.
    .addColumn('outcome', 'varchar(16)')
    .addColumn('root_cause', 'varchar(500)')
    .addColumn('reasons', 'varchar(4000)')
    .addColumn('redress_pence', 'integer')
    // 'summary' | 'final'.
    .addColumn('response', 'varchar(16)')
    .addColumn('document_id', 'integer')
    .execute();
  await db.schema
    .createIndex('complaints_customer_idx')
    .on('complaints')
    .columns(['customer_id', 'id'])
    .execute();
  // The open list (closed_on null) by deadline, and the return's periods.
  await db.schema
    .createIndex('complaints_open_idx')
    .on('complaints')
    .columns(['closed_on', 'deadline_on'])
    .execute();
  await db.schema.createIndex('complaints_received_idx').on('complaints').column('received_on').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('complaints').execute();
}
