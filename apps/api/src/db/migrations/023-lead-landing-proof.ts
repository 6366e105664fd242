import type { Kysely } from 'kysely';

/**
 * Issue 45 (docs/decisions/045-lead-landing-proof.md): when a landing browser proved it is the
 * applicant's, by the one-time code sent to the lead's own mobile or e-mail. Only from then on is the
 * lead bound to that browser (`landing_session_hash`) and may it be submitted. A lead landed before this
 * migration has a browser bound without proof: it is unbound, so that browser, like any other, proves
 * first (the codes themselves live with the e-sign codes, channel 'lead').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('partner_leads').addColumn('landing_proven_at', 'varchar(30)').execute();
  await db
    .updateTable('partner_leads')
    .set({ landing_session_hash: null })
    .where('submitted_at', 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('partner_leads').dropColumn('landing_proven_at').execute();
}
