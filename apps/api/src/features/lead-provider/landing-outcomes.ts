import type { LeadLanded } from '@lender/contract/calls/lead-provider';
import type { Pence } from '@lender/contract/money';
import type { QuoteResult } from '@lender/contract/pricing/quote';
import type { DbExecutor } from '../../db/create-db';
import type { StoredAddress } from '../../entities/addresses/stored-address';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { DecisionParts } from '../../entities/applications/decision/pipeline';
import type { EntityRepositories } from '../../entities/unit-of-work';
import type { OutgoingMessage } from '../../lib/outbox';
import type { TokenPair } from '../../lib/sessions/session-store';

/*
 * What the landing service takes and answers (landing-service.ts): its parts from other features, the
 * submission as the route maps it, and each call's outcomes.
 */

/** Why a landing code did not prove the visitor (as e-sign's SMS code: wrong, expired, used up, none). */
export type LandingCodeFailure = 'wrong' | 'expired' | 'tooManyTries' | 'none';

/**
 * What the landing borrows from stage 1, stage 3 and e-sign, handed in by the composition root (features
 * stay apart): the decision step's checks, stage 3's payload mapping, the welcome e-mail, and e-sign's start and a
 * signing link for this browser.
 */
export type LandingParts = {
  /** The decision step's checks (those that read terms decide the visitor's terms again), and its services. */
  decision: DecisionParts;
  /** The lead's stage 3 answers (SubmitStage3's parsed payload as JSON, as the intake stored it). */
  affordabilityOf: (stage3Json: string) => AffordabilityDetails;
  sendWelcomeEmail: (
    repositories: Pick<EntityRepositories, 'passwordLinks' | 'outbox'>,
    publicUrl: string,
    to: { customerId: number; email: string; firstName: string; amountPence: Pence },
  ) => Promise<void>;
  startSigning: (trx: DbExecutor, applicationGuid: string) => Promise<void>;
  issueSigningLink: (trx: DbExecutor, applicationId: number) => Promise<string>;
  /**
   * The proof-of-identity code (issue 45): made, hashed, limited and checked as e-sign's SMS code is;
   * the landing says what the message reads and whom it goes to.
   */
  codes: {
    ttlMinutes: number;
    send: (
      applicationId: number,
      message: (code: string) => OutgoingMessage,
    ) => Promise<
      | { kind: 'sent'; nextSendInSeconds: number }
      | { kind: 'wait'; retryAfterSeconds: number; reason: 'cooldown' | 'daily' }
    >;
    check: (
      applicationId: number,
      code: string,
    ) => Promise<
      { check: 'valid'; use: (trx: DbExecutor) => Promise<boolean> } | { check: LandingCodeFailure }
    >;
  };
};

/** The landed quote and the card as the provider's check left them (the route's one mapping). */
export type LandedSubmission = {
  terms: LoanTerms;
  pKey: string;
  trxId: string;
  /** Whether the provider's fingerprint page answered in time (the payload's isSignature). */
  fingerprinted: boolean;
  /** Null: the card's address is the home address. */
  billing: StoredAddress | null;
};

export type LandingOutcome =
  { kind: 'landed'; answer: LeadLanded; newCookie: string | null } | { kind: 'closed' };

export type LeadQuote = { kind: 'quote'; price: QuoteResult } | { kind: 'closed' };

export type SubmitOutcome =
  | {
      kind: 'submitted';
      statusId: number;
      guid: string;
      signingToken: string | null;
      tokens: TokenPair | null;
    }
  | { kind: 'challenge'; statusId: number; guid: string; redirectUrl: string }
  | { kind: 'cardDeclined'; message: string }
  | { kind: 'declined' }
  | { kind: 'unavailable' }
  | { kind: 'proofNeeded' }
  | { kind: 'closed' };

export type SendCodeOutcome =
  | { kind: 'sent'; nextSendInSeconds: number }
  | { kind: 'wait'; retryAfterSeconds: number; reason: 'cooldown' | 'daily' }
  | { kind: 'closed' };

export type VerifyCodeOutcome =
  | { kind: 'proven' }
  | { kind: 'invalid'; check: LandingCodeFailure; customerId: number }
  | { kind: 'closed' };

export type EventOutcome = 'stored' | 'beforeLoaded' | 'closed';
