import { sql, type Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 29 (docs/decisions/030): the partners that send leads, each lead as it came and was answered (so
 * a retry gets the first answer), the landing of an accepted lead, and the landing page's events (the
 * conversion funnel partners are paid on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A partner's key is stored as its SHA-256 only; `key_hint` (its last 4 characters) tells staff which
  // key a partner holds without the key.
  await withId(db, db.schema.createTable('partners'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('tier_name', 'varchar(50)')
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_hint', 'varchar(8)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .execute();

  // One row per partner reference: the answer given (decision, reason, the application if any) is what a
  // retry gets. A lead declined because of an existing customer has no application of its own.
  await withId(db, db.schema.createTable('partner_leads'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('partner_lead_id', 'varchar(100)', notNull)
    .addColumn('decision', 'varchar(10)', notNull)
    .addColumn('reason', 'varchar(30)')
    .addColumn('application_id', 'integer', (c) => c.references('applications.id'))
    /** The stage 3 answers as the partner sent them (SubmitStage3's payload), assessed at submit. */
    .addColumn('stage3_json', 'text')
    /** An accepted lead's landing link lives 72 hours from here. */
    .addColumn('landing_expires_at', 'varchar(30)')
    .addColumn('landed_at', 'varchar(30)')
    /** The SHA-256 of the landing browser's session cookie: the link works in that browser session only. */
    .addColumn('landing_session_hash', 'varchar(64)')
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('partner_leads_reference_uq')
    .on('partner_leads')
    .columns(['partner_id', 'partner_lead_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('partner_leads_application_uq')
    .on('partner_leads')
    .column('application_id')
    .unique()
    .where(sql.ref('application_id'), 'is not', null)
    .execute();

  // The server's sweep of lapsed landing links (features/lead-provider/lead-expiry.ts) reads only these.
  await db.schema
    .createIndex('partner_leads_open_landing_ix')
    .on('partner_leads')
    .column('landing_expires_at')
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();

  // Each event once per landing session (spec section 4): the unique index is what holds it.
  await withId(db, db.schema.createTable('lead_events'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('partner_leads.id'))
    .addColumn('session_id', 'varchar(100)', notNull)
    .addColumn('event_id', 'integer', notNull)
    .addColumn('data', 'text')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('lead_events_once_uq')
    .on('lead_events')
    .columns(['lead_id', 'session_id', 'event_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_events').execute();
  await db.schema.dropTable('partner_leads').execute();
  await db.schema.dropTable('partners').execute();
}
