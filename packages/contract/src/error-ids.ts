/** Error ids the server and the client agree on (spec section 8 plus the transport-level ones). */
export const ErrorId = {
  none: 0,
  /** Quote load: no application to quote; forgot password: e-mail unknown; change e-mail: already taken. */
  notFound: 1,
  /** Field validation failed; `object.fields` holds the messages. */
  validation: 400,
  unauthorized: 401,
  /** A staff call (HTTP 403): the staff member is signed in, but their role lacks the call's permission. */
  forbidden: 403,
  routeNotFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  /** A call that a later issue implements. */
  notImplemented: 501,
  /** The service is in maintenance mode (HTTP 503): the client signs out and shows /maintenance. */
  maintenance: 503,
  generic: 100,
  cardExpired: 10,
  existingApplicationInProgress: 99,
  /** Stage1 declined (age, residency or the first affordability screen); the decision is recorded. */
  declined: 201,
  /** The quote can no longer be accepted: the application has moved on. */
  quoteClosed: 2,
  /** A stage submitted out of order (stage 4 before stage 3, a stage already done): nothing changed. */
  stageClosed: 3,
  /** The card provider declined the card check; errorMessage is the provider's text (z3). */
  cardDeclined: 212,
  /** The card provider did not answer; nothing changed and the applicant may try again. */
  cardCheckUnavailable: 213,
  emailAlreadyRegistered: 204,
  mobileAlreadyRegistered: 205,
  /** Lead landing (issue 29): the link is unknown, expired (72 hours), submitted, or opened in another browser. */
  leadAlreadyUsed: 210,
  /** A lead event sent before its session's 'loaded' (1): nothing stored (spec section 4). */
  leadEventBeforeLoaded: 266,
  /**
   * Lead landing (issue 45): the visitor has not yet proved they are the applicant (the code sent to the
   * lead's mobile or e-mail): no session, signing link or personal detail beyond the first name.
   */
  landingProofNeeded: 267,
  /** Lead landing: a wrong, expired or used-up landing code, or one entered wrongly too many times. */
  invalidLandingCode: 268,
  repeatLoanCardDeclined: 211,
  /** E-sign: the guid is unknown or its application is not waiting for a signature (docs/decisions/016). */
  esignClosed: 220,
  /** Stage 5: a wrong, expired or used-up SMS code; the page shows 'Not Valid SMS Code'. */
  invalidSmsCode: 221,
  /** Stage 5: the e-mail verification link has not been clicked yet. */
  emailNotVerified: 222,
  /** Stage 5: the agreements changed since the page showed them (a new day re-priced them); read again. */
  agreementChanged: 223,
  /** E-sign: the guid came without its signing link's token (or with a dead one): nothing is shown or sent. */
  signingLinkNeeded: 224,
  /**
   * E-sign, for the holder of the application's signing link only (issue 31): the agreement is signed
   * (the application is with underwriting or later); nothing is shown or sent.
   */
  esignAlreadySigned: 225,
  /** E-sign, for the holder of the signing link only: the signed application was declined at underwriting. */
  esignDeclined: 226,
  /** E-sign: the signing link's 14 days have passed before a signature (a sign-in hands over a new one). */
  signingLinkExpired: 227,
  /** Login refused: wrong e-mail or password, no password set yet, or the account locked for a while. */
  loginFailed: 230,
  /** A reset-password or e-mail-change link that is unknown, used, replaced or expired. */
  linkExpired: 231,
  /** ChangePassword: the existing password given is not the account's. */
  wrongPassword: 232,
  /** ChangeEmail / ChangeMobile: the password must be confirmed first (Account/ConfirmPassword). */
  passwordConfirmationNeeded: 233,
  /** A payment or new card with no live loan to apply it to (nothing is charged). */
  noLoanToPay: 240,
  /** Pay total named another figure than today's total due (the page showed an older one): nothing charged. */
  paymentChanged: 241,
  /** Another payment on the loan is being charged: this one waits for its answer (nothing charged). */
  paymentInProgress: 242,
  /** An idempotency key sent again with a different request: refused, never replayed (nothing charged). */
  idempotencyKeyReused: 243,
  /** The card on file may not be charged (the loan is blocked): a new card first (borrow/update-card). */
  cardNotActive: 244,
  /** The close of business is running: payments wait a few minutes so the day's figures stay right. */
  dayClosing: 245,
  /** ReSchedule named an amount paid now that no card payment of today paid: pay first (nothing changed). */
  payBeforePlan: 246,
  /** Nothing is owed: there is no plan to make. */
  nothingToReschedule: 247,
  /** A third plan ending after the signed last date: refused (CONC 6.7.23R, two at most). */
  refinanceLimit: 248,
  /** A new plan asked for on a loan the customer is withdrawing from (s66A): it is repaid, not rescheduled. */
  withdrawingNoPlan: 249,
  /** Withdraw after the 14 days of Consumer Credit Act s66A: refused, nothing changed (early repayment stays open). */
  withdrawalPeriodOver: 250,
  /**
   * PauseForDebtAdvice (issue 46 item 7): no pause for this loan online: not behind with payments, a pause
   * or a Breathing Space already standing, or the one pause a customer may ask for online already taken.
   */
  pauseNotAvailable: 251,
  /** Documents (issue 28): no document of the customer's has this id (another customer's answers the same). */
  documentNotFound: 260,
  /** UploadDocument: the customer keeps the most uploads allowed (20): nothing stored. */
  uploadLimit: 261,
  /** DeleteDocument: the document is the lender's (an agreement, a letter, a reply): it stays. */
  documentNotDeletable: 262,
  /** The pre-claim calls of an account not flagged legal: nothing shown or stored. */
  preClaimClosed: 263,
  /** SubmitReply: no Letter of Claim is open to reply to (none issued yet, or staff closed it). */
  noLetterToReply: 264,
  /** SubmitReply: the letter has its reply already (one Reply Form per letter; documents may still be added). */
  replyAlreadySent: 265,
  /**
   * Staff sign-in (issue 48) refused: unknown e-mail, wrong password or code, not enrolled, disabled or
   * locked; one id and one text so a guesser learns nothing from which.
   */
  staffSignInFailed: 280,
  /** A staff invitation link that is unknown, used, expired, or whose member was disabled. */
  staffInvitationClosed: 281,
  /** AcceptInvitation: the authenticator code does not match the secret shown (nothing stored). */
  staffEnrolmentCodeWrong: 282,
  /** A staff invitation's code (docs/decisions/071) is not right: the try counts (5 make it void). */
  staffInvitationCodeWrong: 283,
  /** A staff invitation made void by 5 wrong invitation codes: even the right one is refused now. */
  staffInvitationVoid: 284,
  /** Open banking (issue 49): the bank or the aggregator gave no usable answer; nothing changed. */
  bankUnavailable: 290,
  /** Open banking: the bank's return is unknown, already used, older than an hour, or another customer's. */
  bankConnectionClosed: 291,
  /** Open banking: this application must be checked with the applicant's bank before it is decided. */
  bankConnectionRequired: 292,
} as const;
