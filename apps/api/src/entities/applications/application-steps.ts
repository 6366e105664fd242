import { AppStatus } from '@lender/contract/status';
import type { Step } from './transition';

/** Stage 2 may be tried again after a declined card. */
const CARD_CHECK_FROM = [AppStatus.offerAccepted, AppStatus.cardDeclined];
/** Spec section 4's resume map read backwards: a lead landed by a partner goes straight to stage 4. */
const BANK_DETAILS_FROM = [AppStatus.applicationCompleted, AppStatus.leadLanded];
/** A landed lead's card check may be tried again after a declined card, as stage 2's may. */
const LANDED = [AppStatus.leadLanded, AppStatus.leadLandedCardDeclined];

/**
 * Every step of an application's life, each with the statuses it may be taken from and the status it
 * leads to: the life reads in one place, and `transition` moves a status only along one of these. Any
 * other status means the step is not open, and the call changes nothing. Servicing's steps (approve,
 * fund, settle, withdraw) join here.
 */
export const ApplicationStep = {
  acceptQuote: { from: [AppStatus.applicationNew], to: AppStatus.offerAccepted },
  acceptCard: { from: CARD_CHECK_FROM, to: AppStatus.cardAccepted },
  declineCard: { from: CARD_CHECK_FROM, to: AppStatus.cardDeclined },
  /**
   * A repeat loan whose card was declined (docs/decisions/027) has its affordability and bank account
   * already: a card accepted at stage 2 takes it straight to e-sign (spec section 4: 'Stage 2 success: if
   * the status is esignSent...').
   */
  acceptCardReadyToSign: { from: [AppStatus.cardDeclined], to: AppStatus.esignSent },
  /** A partner's accepted lead opened on its landing page (issue 29). */
  landLead: { from: [AppStatus.leadAccepted], to: AppStatus.leadLanded },
  declineLandedCard: { from: LANDED, to: AppStatus.leadLandedCardDeclined },
  /**
   * The landing page's submit with a card the provider approved goes as far as the partner's data take it
   * (docs/decisions/030): without stage 3's answers to stage 3; with them but without bank details back to
   * leadLanded for stage 4 (the resume map's route for it); with both to e-sign. A decline at the repeated
   * first screen or at affordability ends it.
   */
  acceptLandedCard: { from: LANDED, to: AppStatus.cardAccepted },
  acceptLandedCardForBankDetails: { from: LANDED, to: AppStatus.leadLanded },
  acceptLandedCardReadyToSign: { from: LANDED, to: AppStatus.esignSent },
  declineLandedLead: { from: LANDED, to: AppStatus.leadDeclined },
  /** A lead whose landing link lapsed (72 hours) before a submit ends: the person may apply again. */
  expireLead: { from: [AppStatus.leadAccepted, ...LANDED], to: AppStatus.leadDeclined },
  passAffordability: { from: [AppStatus.cardAccepted], to: AppStatus.applicationCompleted },
  failAffordability: { from: [AppStatus.cardAccepted], to: AppStatus.leadDeclined },
  giveBankDetails: { from: BANK_DETAILS_FROM, to: AppStatus.esignSent },
  /** The hard search of the credit file at stage 4 declined it, before any agreement exists (issue 47). */
  declineBeforeAgreement: { from: BANK_DETAILS_FROM, to: AppStatus.leadDeclined },
  sign: { from: [AppStatus.esignSent, AppStatus.offerSent], to: AppStatus.undewriting },
  // Underwriting and payout (issue 25): a person may decide a referred one either way.
  approve: { from: [AppStatus.undewriting, AppStatus.undewritingReview], to: AppStatus.approved },
  declineAtUnderwriting: {
    from: [AppStatus.undewriting, AppStatus.undewritingReview],
    to: AppStatus.leadDeclined,
  },
  refer: { from: [AppStatus.undewriting], to: AppStatus.undewritingReview },
  /** A smaller loan offered instead: new documents to sign (spec section 4's offerSent). */
  counterOffer: { from: [AppStatus.undewriting], to: AppStatus.offerSent },
  fund: { from: [AppStatus.approved], to: AppStatus.active },
  referPayout: { from: [AppStatus.approved], to: AppStatus.undewritingReview },
  // The close of business.
  fallIntoArrears: { from: [AppStatus.active], to: AppStatus.arrears },
  catchUp: { from: [AppStatus.arrears], to: AppStatus.active },
  default: { from: [AppStatus.active, AppStatus.arrears], to: AppStatus.defaulted },
  settle: { from: [AppStatus.active, AppStatus.arrears, AppStatus.defaulted], to: AppStatus.settled },
  /** Repaid after a notice of withdrawal (Consumer Credit Act s66A, docs/decisions/026). */
  withdraw: { from: [AppStatus.active, AppStatus.arrears, AppStatus.defaulted], to: AppStatus.withdrawn },
} as const satisfies Record<string, Step>;
