import type { Generated } from 'kysely';

/** A partner that sends leads (issue 29); its key is kept as a SHA-256 only. */
export interface PartnerTable {
  id: Generated<number>;
  name: string;
  /** The provider tier its leads are priced at (PROVIDER_TIERS), or null for the standard price. */
  tier_name: string | null;
  key_hash: string;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
  /** Actors (entities/audit/actor.ts): who added it and who revoked its key. */
  created_by: string;
  revoked_by: string | null;
}

/** A lead as a partner sent it and as we answered it, with its landing. */
export interface PartnerLeadTable {
  id: Generated<number>;
  partner_id: number;
  partner_lead_id: string;
  /** 'accepted' or 'declined'. */
  decision: string;
  /** A declined lead's reason code (LeadDeclineReason); null when accepted. */
  reason: string | null;
  application_id: number | null;
  stage3_json: string | null;
  landing_expires_at: string | null;
  landed_at: string | null;
  landing_session_hash: string | null;
  landing_proven_at: string | null;
  submitted_at: string | null;
  created_at: string;
}

/** A landing page event (spec section 4): loaded, scrolled, customerFilled, paymentFilled, tracking. */
export interface LeadEventTable {
  id: Generated<number>;
  lead_id: number;
  session_id: string;
  event_id: number;
  data: string | null;
  created_at: string;
}
