import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../audit/actor';

/** A partner under the server's names; its key exists only in the partner's hands. */
export type Partner = {
  id: number;
  name: string;
  tierName: string | null;
  keyHint: string;
  createdAt: string;
  revokedAt: string | null;
  /** Actors (entities/audit/actor.ts). */
  createdBy: string;
  revokedBy: string | null;
};

export type NewPartner = {
  name: string;
  tierName: string | null;
  keyHash: string;
  keyHint: string;
  createdBy: Actor;
};

/** The partners table: staff add and revoke partners; the lead API finds one by its key's hash. */
export const partnerRepository = (db: DbExecutor) => {
  const partners = () =>
    db
      .selectFrom('partners')
      .select([
        'id',
        'name',
        'tier_name as tierName',
        'key_hint as keyHint',
        'created_at as createdAt',
        'revoked_at as revokedAt',
        'created_by as createdBy',
        'revoked_by as revokedBy',
      ]);
  return {
    async insert(p: NewPartner): Promise<number> {
      const row = await db
        .insertInto('partners')
        .values({
          name: p.name,
          tier_name: p.tierName,
          key_hash: p.keyHash,
          key_hint: p.keyHint,
          created_at: nowIso(),
          revoked_at: null,
          created_by: p.createdBy,
          revoked_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    findByName: (name: string): Promise<Partner | undefined> =>
      partners().where('name', '=', name).executeTakeFirst(),

    /**
     * The partner holding the key of this hash, unless revoked. Read on every request (a unique index,
     * one row): a key staff add or revoke counts at once, on every server, without a cache to miss it.
     */
    findActiveByKeyHash: (keyHash: string): Promise<Partner | undefined> =>
      partners().where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst(),

    list: (): Promise<Partner[]> => partners().orderBy('name').execute(),

    /** False when there is no such partner or it was revoked already (its first revocation time stays). */
    async revoke(name: string, actor: Actor): Promise<boolean> {
      const result = await db
        .updateTable('partners')
        .set({ revoked_at: nowIso(), revoked_by: actor })
        .where('name', '=', name)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
};

export type PartnerRepository = ReturnType<typeof partnerRepository>;

/** A lead as it was answered: what a retry of the same reference gets again. */
export type StoredLead = {
  decision: 'accepted' | 'declined';
  reason: string | null;
  /** The guid of the lead's application; null when none was made (an existing customer). */
  appGuid: string | null;
};

export type NewLead = {
  partnerId: number;
  partnerLeadId: string;
  decision: 'accepted' | 'declined';
  reason: string | null;
  applicationId: number | null;
  stage3Json: string | null;
  landingExpiresAt: string | null;
};

/** The partner_leads table as the intake writes and reads it (the landing has its own reads). */
export const partnerLeadRepository = (db: DbExecutor) => ({
  async find(partnerId: number, partnerLeadId: string): Promise<StoredLead | undefined> {
    const row = await db
      .selectFrom('partner_leads')
      .leftJoin('applications', 'applications.id', 'partner_leads.application_id')
      .select(['partner_leads.decision', 'partner_leads.reason', 'applications.guid'])
      .where('partner_leads.partner_id', '=', partnerId)
      .where('partner_leads.partner_lead_id', '=', partnerLeadId)
      .executeTakeFirst();
    return (
      row && {
        decision: row.decision === 'accepted' ? 'accepted' : 'declined',
        reason: row.reason,
        appGuid: row.guid,
      }
    );
  },

  async insert(lead: NewLead): Promise<void> {
    await db
      .insertInto('partner_leads')
      .values({
        partner_id: lead.partnerId,
        partner_lead_id: lead.partnerLeadId,
        decision: lead.decision,
        reason: lead.reason,
        application_id: lead.applicationId,
        stage3_json: lead.stage3Json,
        landing_expires_at: lead.landingExpiresAt,
        landed_at: null,
        landing_session_hash: null,
        landing_proven_at: null,
        submitted_at: null,
        created_at: nowIso(),
      })
      .execute();
  },
});

export type PartnerLeadRepository = ReturnType<typeof partnerLeadRepository>;
