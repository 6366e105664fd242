import { ErrorId } from './error-ids';

/** A refusal the server answers: the error id and the one text that goes with it. */
export type Refusal = { readonly errorID: number; readonly errorMessage: string };

const refusal = (errorID: number, errorMessage: string): Refusal => ({ errorID, errorMessage });

/**
 * Every refusal of the product with its text, written once: the server answers `refuse(Refusal.x)` and
 * the web app words the same outcome from the same entry (a preview, a banner). The spec's section 8
 * texts are word for word ('Error Occured', 'Not Valid SMS Code', 'Email already exists.'); the others are
 * ours, in the same calm voice. An id names one outcome; where one id covers outcomes the caller must
 * tell apart (errorID 1, 221, 429), each outcome has an entry of its own, and no text is used twice
 * (a unit test holds this).
 */
export const Refusal = {
  // Transport and framework (HTTP 4xx/5xx).
  generic: refusal(ErrorId.generic, 'Error Occured'),
  invalidRequest: refusal(ErrorId.validation, 'Invalid request.'),
  emptyBody: refusal(ErrorId.validation, 'Request body is empty.'),
  invalidJson: refusal(ErrorId.validation, 'Request body is not valid JSON.'),
  invalidContentLength: refusal(ErrorId.validation, 'Invalid content length.'),
  unauthorized: refusal(ErrorId.unauthorized, 'Unauthorized.'),
  /** A staff call made by a staff member whose role lacks its permission (issue 44). */
  permissionNeeded: refusal(ErrorId.forbidden, 'Your role does not allow this.'),
  routeNotFound: refusal(ErrorId.routeNotFound, 'Not found.'),
  payloadTooLarge: refusal(ErrorId.payloadTooLarge, 'Request body is too large.'),
  unsupportedContentType: refusal(ErrorId.unsupportedMediaType, 'Unsupported content type.'),
  unsupportedContentEncoding: refusal(ErrorId.unsupportedMediaType, 'Unsupported content encoding.'),
  tooManyRequests: refusal(
    ErrorId.tooManyRequests,
    'Too many requests. Please wait a few minutes and try again.',
  ),
  notImplemented: refusal(ErrorId.notImplemented, 'Not implemented yet'),
  maintenance: refusal(ErrorId.maintenance, 'We are performing essential maintenance work.'),
  databaseUnavailable: refusal(ErrorId.generic, 'Database unavailable.'),
  addressLookupUnavailable: refusal(
    ErrorId.generic,
    'Address lookup is unavailable, please enter your address manually.',
  ),

  // The application (Register calls).
  noQuote: refusal(ErrorId.notFound, 'There is no quote to show for this application.'),
  quoteClosed: refusal(ErrorId.quoteClosed, 'This quote can no longer be accepted.'),
  stageClosed: refusal(
    ErrorId.stageClosed,
    'This step of your application is not open. Please continue where you left off.',
  ),
  existingApplicationInProgress: refusal(
    ErrorId.existingApplicationInProgress,
    'You already have an application in progress.',
  ),
  declined: refusal(ErrorId.declined, 'We are unable to approve your application at this time.'),
  emailAlreadyRegistered: refusal(
    ErrorId.emailAlreadyRegistered,
    'This e-mail address is already registered.',
  ),
  mobileAlreadyRegistered: refusal(
    ErrorId.mobileAlreadyRegistered,
    'This mobile number is already registered with another account.',
  ),
  /** The fallback of errorID 212 when the card provider gives no text of its own (z3). */
  cardDeclined: refusal(ErrorId.cardDeclined, 'Your card could not be verified. Please try another card.'),
  /**
   * A card check (the provider's trxId) another customer presented first (issue 45): nothing is stored
   * or charged. Errorid 212, as a card the check failed: the page asks for the card again.
   */
  cardCheckNotYours: refusal(
    ErrorId.cardDeclined,
    'This card check belongs to another application. Please enter your card details again.',
  ),
  cardCheckUnavailable: refusal(
    ErrorId.cardCheckUnavailable,
    'The card check is not available just now. Please try again in a few minutes.',
  ),

  // The repeat loan (issue 28, docs/decisions/027).
  repeatLoanNotOpen: refusal(
    ErrorId.existingApplicationInProgress,
    'You can apply for a new loan once your current application or loan has ended.',
  ),
  /** The card provider did not answer: nothing was stored, and the page shows 'Error Occured!' (spec section 8). */
  repeatLoanTryAgain: refusal(
    ErrorId.generic,
    'We could not check your card just now. Please try again in a few minutes.',
  ),
  applicationKeyReused: refusal(
    ErrorId.idempotencyKeyReused,
    'This application was already sent with different details. Please start again.',
  ),

  // Payments and cards (issue 27, docs/decisions/025).
  cardExpired: refusal(ErrorId.cardExpired, 'Card Expired. Please update your card here.'),
  cardNotActive: refusal(
    ErrorId.cardNotActive,
    'Your Card on the system is not active. Press here to add a new Card',
  ),
  /** The fallback of a declined payment when the card provider gives no text of its own (z3). */
  paymentDeclined: refusal(
    ErrorId.cardDeclined,
    'Your card issuer declined the payment. Please try another card.',
  ),
  paymentUnavailable: refusal(
    ErrorId.cardCheckUnavailable,
    'We could not reach the card provider just now. Please try again in a few minutes: you will not be charged twice.',
  ),
  noLoanToPay: refusal(ErrorId.noLoanToPay, 'There is no loan to pay on your account.'),
  noLoanForCard: refusal(ErrorId.noLoanToPay, 'You have no loan to repay, so there is no card to change.'),
  paymentChanged: refusal(
    ErrorId.paymentChanged,
    'Your balance has changed since this page was shown. Please check the new amount and try again.',
  ),
  paymentInProgress: refusal(
    ErrorId.paymentInProgress,
    'Another payment on your loan is being processed. Please wait a minute and check your schedule before paying again.',
  ),
  idempotencyKeyReused: refusal(
    ErrorId.idempotencyKeyReused,
    'This payment was already sent with different details. Please start the payment again.',
  ),
  planKeyReused: refusal(
    ErrorId.idempotencyKeyReused,
    'This plan was already sent with different details. Please work out your plan again.',
  ),
  payBeforePlan: refusal(
    ErrorId.payBeforePlan,
    'Please make the payment first: your new plan is worked out from what you owe after it.',
  ),
  nothingToReschedule: refusal(ErrorId.nothingToReschedule, 'There is nothing left to pay on your loan.'),
  refinanceLimit: refusal(
    ErrorId.refinanceLimit,
    'Your loan has already been extended twice, which is the most we can do. Please choose a plan that ends by your last agreed payment date, or call us to talk about other help.',
  ),
  withdrawingNoPlan: refusal(
    ErrorId.withdrawingNoPlan,
    'You are withdrawing from this agreement, so a new payment plan is not available. Please repay the amount shown on your account page, or call us if you need help.',
  ),
  dayClosing: refusal(
    ErrorId.dayClosing,
    'We are updating today’s balances. Please try again in a few minutes.',
  ),

  // Cancelling the CPA and withdrawing from the agreement (issue 27, docs/decisions/026).
  noLoanForCpa: refusal(
    ErrorId.noLoanToPay,
    'You have no loan being repaid, so there is no payment authority to cancel.',
  ),
  noLoanToWithdraw: refusal(ErrorId.noLoanToPay, 'You have no loan being repaid to withdraw from.'),

  // A pause of collections while the customer gets debt advice (issue 46 item 7, docs/decisions/075).
  noLoanToPause: refusal(ErrorId.noLoanToPay, 'You have no loan being repaid, so there is nothing to pause.'),
  pauseNotInArrears: refusal(
    ErrorId.pauseNotAvailable,
    'You are up to date with your payments, so there is nothing to pause. If you are worried about paying, please call us or get free debt advice.',
  ),
  pauseAlreadyTaken: refusal(
    ErrorId.pauseNotAvailable,
    'You have already paused your payments online once for this loan. Please call us: we can agree more time with you, or a plan you can afford.',
  ),
  pauseInBreathingSpace: refusal(
    ErrorId.pauseNotAvailable,
    'Your account is in a Breathing Space: we are not asking you for any payment while it lasts.',
  ),
  withdrawalPeriodOver: refusal(
    ErrorId.withdrawalPeriodOver,
    'The 14 days in which you could withdraw from this agreement have passed. You can still repay your loan early, in full or in part, at any time and without a fee.',
  ),

  // Documents and the pre-claim area (issue 28, docs/decisions/028 and 029).
  documentNotFound: refusal(
    ErrorId.documentNotFound,
    'We could not find that document. Please refresh the page and try again.',
  ),
  uploadLimit: refusal(
    ErrorId.uploadLimit,
    'You have uploaded 20 documents, which is the most we can keep. Please delete one you no longer need, or call us.',
  ),
  uploadTooLarge: refusal(
    ErrorId.payloadTooLarge,
    'The file is too large. Please choose a file of 10 MB or less.',
  ),
  documentNotDeletable: refusal(
    ErrorId.documentNotDeletable,
    'This is a document we sent you, or your reply to us, so it is kept and cannot be deleted.',
  ),
  preClaimClosed: refusal(ErrorId.preClaimClosed, 'The pre-claim area is not open on your account.'),
  noLetterToReply: refusal(
    ErrorId.noLetterToReply,
    'There is no letter to reply to just now. Please call us if you need help with your account.',
  ),
  replyAlreadySent: refusal(
    ErrorId.replyAlreadySent,
    'We already have your reply to this letter. You can still upload documents, or call us if something has changed.',
  ),

  // E-sign.
  esignClosed: refusal(
    ErrorId.esignClosed,
    'This e-sign link is no longer open. Please use the link in your latest e-mail, or call us to change your application.',
  ),
  signingLinkNeeded: refusal(
    ErrorId.signingLinkNeeded,
    'To sign, please open the link in the latest e-mail we sent you, on this device.',
  ),
  esignAlreadySigned: refusal(
    ErrorId.esignAlreadySigned,
    'Your loan agreement is signed. There is nothing more to sign: we will e-mail you as soon as there is news.',
  ),
  esignDeclined: refusal(
    ErrorId.esignDeclined,
    'We cannot lend to you this time, so the agreement you signed will not go ahead and nothing is owed.',
  ),
  signingLinkExpired: refusal(
    ErrorId.signingLinkExpired,
    'This signing link has expired. Please sign in to your account to carry on with your application.',
  ),
  invalidSmsCode: refusal(ErrorId.invalidSmsCode, 'Not Valid SMS Code'),
  smsCodeExpired: refusal(
    ErrorId.invalidSmsCode,
    'This code has expired. Please use the resend link to get a new code.',
  ),
  smsCodeTooManyTries: refusal(
    ErrorId.invalidSmsCode,
    'This code was entered wrongly too many times. Please use the resend link to get a new code.',
  ),
  emailNotVerified: refusal(
    ErrorId.emailNotVerified,
    'Please confirm your e-mail address first: click the link in the e-mail we sent you.',
  ),
  agreementChanged: refusal(
    ErrorId.agreementChanged,
    'Your agreement has been updated for today’s date. Please read the documents again before you sign.',
  ),
  resendDailyLimit: refusal(
    ErrorId.tooManyRequests,
    'We have sent the most we can for today. Please try again later or call us.',
  ),

  // Partner leads and the landing page (issue 29, docs/decisions/030).
  leadLinkClosed: refusal(
    ErrorId.leadAlreadyUsed,
    'This offer link has expired or has already been used. Please contact us to continue your application.',
  ),
  leadEventBeforeLoaded: refusal(
    ErrorId.leadEventBeforeLoaded,
    'Please send the loaded event (1) of this session first.',
  ),
  landingProofNeeded: refusal(
    ErrorId.landingProofNeeded,
    'Please confirm it is you with the code we sent you before you continue.',
  ),
  invalidLandingCode: refusal(
    ErrorId.invalidLandingCode,
    'That code is not right. Please check it and try again.',
  ),
  landingCodeNone: refusal(ErrorId.invalidLandingCode, 'Please ask for a code first.'),
  landingCodeExpired: refusal(
    ErrorId.invalidLandingCode,
    'This code has expired. Please ask for a new code.',
  ),
  landingCodeTooManyTries: refusal(
    ErrorId.invalidLandingCode,
    'This code was entered wrongly too many times, so it no longer works. Please ask for a new code.',
  ),
  partnerKeyRefused: refusal(ErrorId.unauthorized, 'Please send a valid partner key as a Bearer token.'),

  // Sign-in and the account.
  loginFailed: refusal(ErrorId.loginFailed, 'Login failed. Check your login details.'),
  tooManyLogins: refusal(
    ErrorId.tooManyRequests,
    'Too many failed logins. Please wait a few minutes and try again.',
  ),
  sessionEnded: refusal(ErrorId.unauthorized, 'Your session has ended. Please log in again.'),
  linkExpired: refusal(
    ErrorId.linkExpired,
    'This link has expired or has already been used. Please ask for a new one.',
  ),
  wrongPassword: refusal(ErrorId.wrongPassword, 'Changing password failed.'),
  passwordConfirmationNeeded: refusal(
    ErrorId.passwordConfirmationNeeded,
    'For your security, please enter your password again to make this change.',
  ),
  passwordNotConfirmed: refusal(ErrorId.wrongPassword, 'That password is not right. Please try again.'),
  sameEmail: refusal(ErrorId.generic, 'This is already your e-mail address.'),
  emailTaken: refusal(ErrorId.notFound, 'Email already exists.'),

  // The staff console's sign-in (issue 48).
  staffSignInFailed: refusal(
    ErrorId.staffSignInFailed,
    'Those details did not sign you in. Check your e-mail, password and code; after 5 failed tries the account is locked for 15 minutes.',
  ),
  staffInvitationClosed: refusal(
    ErrorId.staffInvitationClosed,
    'This invitation link is not valid: it was used already, it is more than 24 hours old, or it was withdrawn. Ask an administrator for a new one.',
  ),
  staffEnrolmentCodeWrong: refusal(
    ErrorId.staffEnrolmentCodeWrong,
    'That code does not match. Add the secret to your authenticator app and enter the 6-digit code it shows now.',
  ),
  staffInvitationVoid: refusal(
    ErrorId.staffInvitationVoid,
    'This invitation has been stopped because a wrong invitation code was entered 5 times. Please ask your administrator to invite you again: you will get a new link and a new code.',
  ),
  // Open banking (issue 49).
  bankUnavailable: refusal(
    ErrorId.bankUnavailable,
    'We could not reach your bank just now. Please try again later, or carry on without connecting it where you can.',
  ),
  bankConnectionClosed: refusal(
    ErrorId.bankConnectionClosed,
    'This bank connection has already been used or has timed out. Please start it again from your application.',
  ),
  bankConnectionRequired: refusal(
    ErrorId.bankConnectionRequired,
    'Please connect your bank so we can confirm your income before we decide on your application.',
  ),
} as const satisfies Record<string, Refusal>;

/**
 * A wrong staff invitation code (docs/decisions/071): errorID 283, with the tries left before the
 * invitation is void (its last try is void's own refusal, staffInvitationVoid).
 */
export const staffInvitationCodeWrong = (triesLeft: number): Refusal =>
  refusal(
    ErrorId.staffInvitationCodeWrong,
    `That invitation code is not right. Please check it with your administrator; ${
      triesLeft === 1 ? '1 more wrong try' : `${triesLeft} more wrong tries`
    } will stop this invitation.`,
  );

/** The resend cooldown's refusal: errorID 429 with the seconds left (also in `Retry-After`). */
export const resendTooSoon = (seconds: number): Refusal =>
  refusal(ErrorId.tooManyRequests, `Please wait ${seconds} seconds before asking for another one.`);
