import { sql, type Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 44 (docs/decisions/041-actors-and-staff-services.md): who acted, on the row that is the decision itself, and an
 * append-only `audit_events` for staff actions with no row of their own. Rows written before this
 * migration are given the actor that could have made them; the note says where the data cannot tell.
 */

/** Decision kinds only a job makes, by the job's name (entities/audit/actor.ts `SYSTEM`). */
const BY_JOB: [job: string, kinds: string[]][] = [
  [
    'underwriting',
    ['underwriting-approved', 'underwriting-declined', 'underwriting-referred', 'underwriting-counter-offer'],
  ],
  ['payouts', ['funded', 'payout-referred']],
  ['close-of-business', ['arrears', 'arrears-cleared', 'defaulted']],
  ['lead-expiry', ['lead-expired']],
];
/** Decision kinds only `npm run ops` made before there was a staff console. */
const BY_OPS = [
  'underwriter-approved',
  'underwriter-declined',
  'breathing-space-started',
  'breathing-space-ended',
];
/** Postings a customer's own request made: a card payment, a new schedule, a withdrawal's fee reversal. */
const CUSTOMER_POSTINGS = ['pay:%', 'reschedule:%', 's66a:%'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('application_decisions').addColumn('actor', 'text').execute();
  await db.schema.alterTable('breathing_spaces').addColumn('started_by', 'text').execute();
  await db.schema.alterTable('breathing_spaces').addColumn('ended_by', 'text').execute();
  await db.schema.alterTable('partners').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('partners').addColumn('revoked_by', 'text').execute();
  await db.schema.alterTable('pre_claim_letters').addColumn('issued_by', 'text').execute();
  await db.schema.alterTable('pre_claim_letters').addColumn('closed_by', 'text').execute();
  await db.schema.alterTable('loan_transactions').addColumn('actor', 'text').execute();

  await withId(db, db.schema.createTable('audit_events'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
  await db.schema
    .createIndex('application_decisions_actor')
    .on('application_decisions')
    .column('actor')
    .execute();

  // Decisions: a job's kinds to the job, the command line's to ops, partner leads to their partner,
  // and everything else (the stages, signing, payments, rights) to the customer whose row it is.
  const decisions = db.updateTable('application_decisions');
  for (const [job, kinds] of BY_JOB) {
    await decisions
      .set({ actor: `system:${job}` })
      .where('kind', 'in', kinds)
      .execute();
  }
  await decisions.set({ actor: 'ops' }).where('kind', 'in', BY_OPS).execute();
  await decisions
    .set({
      actor: sql`'partner:' || (select cast(pl.partner_id as text) from partner_leads pl where pl.application_id = application_decisions.application_id)`,
    })
    .where('actor', 'is', null)
    .where('kind', 'in', ['lead-accepted', 'declined'])
    .where(
      sql<boolean>`exists (select 1 from partner_leads pl where pl.application_id = application_decisions.application_id and (pl.landed_at is null or pl.landed_at > application_decisions.created_at))`,
    )
    .execute();
  await decisions
    .set({ actor: sql`'customer:' || cast(customer_id as text)` })
    .where('actor', 'is', null)
    .where('customer_id', 'is not', null)
    .execute();
  // A decision with neither (none is written so today) cannot be told: it is marked as such, not guessed.
  await decisions.set({ actor: 'system:unknown' }).where('actor', 'is', null).execute();

  // Breathing spaces and partners were only ever started, ended, added and revoked by `npm run ops`.
  await db.updateTable('breathing_spaces').set({ started_by: 'ops' }).execute();
  await db
    .updateTable('breathing_spaces')
    .set({ ended_by: 'ops' })
    .where('ended_on', 'is not', null)
    .execute();
  await db.updateTable('partners').set({ created_by: 'ops' }).execute();
  await db.updateTable('partners').set({ revoked_by: 'ops' }).where('revoked_at', 'is not', null).execute();

  // Letters: staff close them (ops). The close of business issues only an application's first letter,
  // and only once its loan has defaulted; a first letter after the default is taken as its (see the note).
  await db.updateTable('pre_claim_letters').set({ closed_by: 'ops' }).where('state', '=', 'closed').execute();
  await db.updateTable('pre_claim_letters').set({ issued_by: 'ops' }).execute();
  await db
    .updateTable('pre_claim_letters')
    .set({ issued_by: 'system:close-of-business' })
    .where(
      sql<boolean>`id = (select min(p2.id) from pre_claim_letters p2 where p2.application_id = pre_claim_letters.application_id)`,
    )
    .where(
      sql<boolean>`exists (select 1 from loans l where l.application_id = pre_claim_letters.application_id and l.defaulted_on is not null and l.defaulted_on <= pre_claim_letters.issued_on)`,
    )
    .execute();

  // Postings a person made; a job's postings keep a null actor (their reference names the job).
  for (const pattern of CUSTOMER_POSTINGS) {
    await db
      .updateTable('loan_transactions')
      .set({
        actor: sql`(select 'customer:' || cast(a.customer_id as text) from applications a where a.id = loan_transactions.application_id)`,
      })
      .where('reference', 'like', pattern)
      .execute();
  }
  await db
    .updateTable('loan_transactions')
    .set({ actor: 'ops' })
    .where('reference', 'like', 'breathing-space:%')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropIndex('application_decisions_actor').execute();
  await db.schema.alterTable('application_decisions').dropColumn('actor').execute();
  await db.schema.alterTable('breathing_spaces').dropColumn('started_by').execute();
  await db.schema.alterTable('breathing_spaces').dropColumn('ended_by').execute();
  await db.schema.alterTable('partners').dropColumn('created_by').execute();
  await db.schema.alterTable('partners').dropColumn('revoked_by').execute();
  await db.schema.alterTable('pre_claim_letters').dropColumn('issued_by').execute();
  await db.schema.alterTable('pre_claim_letters').dropColumn('closed_by').execute();
  await db.schema.alterTable('loan_transactions').dropColumn('actor').execute();
}
