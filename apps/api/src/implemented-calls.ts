import type { AppContext } from './app-context';
import type { OutsideServices } from './lib/outside-services';
import type { Servicing } from './servicing';
import type { StoredDictionaries } from './lib/dictionary-store';
import type { ImplementedCall } from './plugins/calls';

const HOUR_MS = 60 * 60 * 1000;
import { accountCalls } from './features/account/account-calls';
import { loginServiceFor, sessionCalls } from './features/account/session-calls';
import { chooseAddressLookup } from './features/address/choose-address-lookup';
import { findAddress } from './features/address/find-address';
import { retrieveAddress } from './features/address/retrieve-address';
import { getDictionaries } from './features/dictionary/get-dictionaries';
import { clientErrorRepository } from './features/lead-provider/client-error-repository';
import { reportError } from './features/lead-provider/report-error';
import { landingCalls } from './features/lead-provider/landing-calls';
import { screenApplicant } from './entities/applications/stage1-screen';
import { toAffordabilityDetails } from './features/register/submit-stage3';
import { sendWelcomeEmail } from './features/register/welcome-email';
import { acceptQuote } from './features/register/accept-quote';
import { stage2Service } from './features/register/stage2-service';
import { esignCalls } from './features/esign/esign-calls';
import { browserSigningLinks, signingStarter } from './features/esign/start-signing';
import { landingCodes } from './features/esign/landing-codes';
import { entityStore } from './entities/unit-of-work';
import { calculateQuote } from './features/register/calculate-quote';
import { getApplicationStatus } from './features/register/get-application-status';
import { getQuote } from './features/register/get-quote';
import { quoteService } from './features/register/quote-service';
import { stage1Service } from './features/register/stage1-service';
import { stage3Service } from './features/register/stage3-service';
import { stage4Service } from './features/register/stage4-service';
import { submitStage1 } from './features/register/submit-stage1';
import { submitStage2 } from './features/register/submit-stage2';
import { submitStage3 } from './features/register/submit-stage3';
import { submitStage4 } from './features/register/submit-stage4';
import { getRepeatLoan } from './features/register/get-repeat-loan';
import { repeatLoan } from './features/register/repeat-loan';
import { repeatLoanService } from './features/register/repeat-loan-service';
import { borrowingService } from './features/my-account-area/borrowing-service';
import { downloadSob, summaryOfBorrowingPdf } from './features/my-account-area/download-sob';
import { documentCalls } from './features/documents/document-calls';
import { documentService } from './features/documents/document-service';
import { preClaimCalls } from './features/pre-claim/pre-claim-calls';
import { preClaimService } from './features/pre-claim/pre-claim-service';
import { getBorrowingSummary } from './features/my-account-area/get-borrowing-summary';
import { getScheduleSummary } from './features/my-account-area/get-schedule-summary';
import { getTotalDue } from './features/my-account-area/get-total-due';
import { sobLink } from './features/my-account-area/sob-link';
import { sobLinks } from './features/my-account-area/sob-links';
import { addCardService } from './features/loan-payments/add-card-service';
import { addCreditCard } from './features/loan-payments/add-credit-card';
import { cardPayment } from './features/loan-payments/card-payment';
import { paymentService } from './features/loan-payments/payment-service';
import { loanRightsCalls } from './features/loan-rights/loan-rights-calls';
import { loanRightsService } from './features/loan-rights/loan-rights-service';
import { rescheduleCalls } from './features/loan-payments/reschedule-calls';
import { rescheduleService } from './features/loan-payments/reschedule-service';
import { settlementCalls } from './features/loan-payments/settlement-calls';

/**
 * Every call of the contract the API has built, each wired to its service and repositories: the one
 * list `registerCalls` reads, so every other call answers 501.
 */
export function implementedCalls(
  ctx: AppContext,
  { cardProvider }: OutsideServices,
  dictionaries: StoredDictionaries,
  servicing: Servicing,
): ImplementedCall[] {
  const entities = entityStore(ctx);
  const logins = loginServiceFor(ctx);
  const quotes = quoteService(entities, dictionaries);
  const lookup = chooseAddressLookup(ctx.config);
  // The bank's challenge sends the browser back to stage 2, on our own address (docs/decisions/014).
  const cardCheckReturnUrl = new URL('/loan/stage2', ctx.config.PUBLIC_URL).toString();
  const esignKeys = { publicUrl: ctx.config.PUBLIC_URL, dataKey: ctx.config.DATA_KEY };
  const borrowing = borrowingService(ctx.db);
  // A payment's or a new card's challenge sends the browser back to its own page, as stage 2's does.
  const returnTo = (path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
  const links = sobLinks(ctx.db);
  const startSigning = signingStarter(ctx, esignKeys);
  // A new card's challenge on a repeat loan returns to the repeat-loan form.
  const repeat = repeatLoanService(ctx, cardProvider, returnTo('/borrow/apply'), startSigning);
  return [
    getDictionaries(dictionaries),
    submitStage1(stage1Service(entities, ctx.config), {
      perAddress: ctx.limits.limiter({
        scope: 'stage1-address',
        limit: ctx.config.STAGE1_PER_ADDRESS,
        windowMs: HOUR_MS,
      }),
      perContact: ctx.limits.limiter({
        scope: 'stage1-contact',
        limit: ctx.config.STAGE1_PER_CONTACT,
        windowMs: HOUR_MS,
      }),
      limits: ctx.limits,
      security: ctx.security,
    }),
    getQuote(quotes),
    calculateQuote(quotes),
    acceptQuote(quotes),
    getApplicationStatus(quotes),
    submitStage2(stage2Service(entities, cardProvider, cardCheckReturnUrl, startSigning)),
    submitStage3(stage3Service(entities)),
    submitStage4(stage4Service(entities, startSigning)),
    getRepeatLoan(repeat),
    repeatLoan(repeat),
    ...esignCalls(ctx, esignKeys, dictionaries, servicing.afterSignature),
    reportError(
      clientErrorRepository(ctx.db),
      ctx.limits.limiter({
        scope: 'client-errors',
        limit: ctx.config.CLIENT_ERRORS_PER_ADDRESS,
        windowMs: 15 * 60 * 1000,
      }),
    ),
    // A partner's lead lands with what stage 1, stage 3 and e-sign do for our own applicants.
    ...landingCalls(
      ctx,
      cardProvider,
      {
        screen: screenApplicant,
        // Written by the partner intake from SubmitStage3's schema: its parsed payload.
        affordabilityOf: (stage3Json) => toAffordabilityDetails(JSON.parse(stage3Json)),
        sendWelcomeEmail,
        startSigning,
        issueSigningLink: browserSigningLinks(ctx),
        codes: landingCodes(ctx, esignKeys),
      },
      ctx.limits.limiter({
        scope: 'lead-events',
        limit: ctx.config.LEAD_EVENTS_PER_ADDRESS,
        windowMs: 15 * 60 * 1000,
      }),
    ),
    findAddress(lookup),
    retrieveAddress(lookup),
    ...sessionCalls(ctx, logins),
    ...accountCalls(ctx, logins),
    getBorrowingSummary(borrowing),
    getScheduleSummary(borrowing),
    getTotalDue(borrowing),
    sobLink(links),
    downloadSob(ctx.db, links),
    cardPayment(paymentService(ctx, cardProvider, returnTo('/borrow/payment'))),
    addCreditCard(addCardService(ctx, cardProvider, returnTo('/borrow/update-card'))),
    ...loanRightsCalls(loanRightsService(ctx)),
    ...rescheduleCalls(rescheduleService(ctx)),
    ...settlementCalls(ctx),
    // The account area's documents include the summary of borrowing, which the borrow area makes.
    ...documentCalls(documentService(ctx, dictionaries, (id) => summaryOfBorrowingPdf(ctx.db, id))),
    ...preClaimCalls(preClaimService(ctx)),
  ];
}
