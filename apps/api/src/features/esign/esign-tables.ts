import type { Generated } from 'kysely';

/**
 * An SMS code or e-mail verification link sent for e-sign: only its hash (an HMAC under DATA_KEY for the
 * six-digit code). The newest row of a channel is the live one; a resend adds a row.
 */
export interface EsignCodeTable {
  id: Generated<number>;
  application_id: number;
  /** `lead`: a lead landing's proof-of-identity code (issue 45), limited as the SMS code. */
  channel: 'sms' | 'email' | 'lead';
  secret_hash: string;
  expires_at: string;
  /** Tries made with an SMS code (docs/decisions/016: at most 5). */
  tries: number;
  used_at: string | null;
  created_at: string;
}

/** The hash of the three agreements as GetEsign served them: a signature must match one of them. */
export interface EsignDocumentsServedTable {
  application_id: number;
  documents_sha256: string;
  priced_on: string;
  created_at: string;
}

/** The signature: when, from where, what was shown (hash) and the signed PDF kept as the lender's copy. */
export interface EsignSignatureTable {
  application_id: number;
  signed_at: string;
  ip_address: string;
  user_agent: string;
  documents_sha256: string;
  pdf_sha256: string;
  pdf_base64: string;
}

/**
 * The signing link's own secret (docs/decisions/020): `email` for the link in the e-sign e-mail (a resend
 * replaces it), `browser` for one handed to a signed-in applicant's browser as it goes to e-sign.
 */
export interface EsignLinkTable {
  id: Generated<number>;
  application_id: number;
  origin: 'email' | 'browser';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A signature whose agreement a counter-offer replaced: kept as signed, with when and why. */
export interface EsignSupersededSignatureTable extends EsignSignatureTable {
  id: Generated<number>;
  superseded_at: string;
  reason: string;
}
