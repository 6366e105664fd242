import type { AppContext } from './app-context';
import type { OutsideServices } from './lib/outside-services';
import type { Servicing } from './servicing';
import type { StoredDictionaries } from './lib/dictionary-store';
import type { ImplementedCall } from './plugins/calls';
import { accountCalls } from './features/account/account-calls';
import { loginServiceFor, sessionCalls } from './features/account/session-calls';
import { addressCalls } from './features/address/address-calls';
import { getDictionaries } from './features/dictionary/get-dictionaries';
import { documentCalls } from './features/documents/document-calls';
import { staffDocumentCalls } from './features/documents/staff-document-calls';
import { operationsCalls } from './features/operations/operations-calls';
import { partnerConsoleCalls } from './features/partner-leads/partner-console-calls';
import { staffAccountsCalls } from './features/staff/staff-accounts-calls';
import { documentService } from './features/documents/document-service';
import { esignCalls } from './features/esign/esign-calls';
import { browserSigningLinks, signingStarter } from './features/esign/start-signing';
import { landingCodes } from './features/esign/landing-codes';
import { leadProviderCalls } from './features/lead-provider/lead-provider-calls';
import { loanPaymentCalls } from './features/loan-payments/loan-payment-calls';
import { loanRightsCalls } from './features/loan-rights/loan-rights-calls';
import { debtAdvicePauseService } from './features/loan-rights/debt-advice-pause';
import { loanRightsService } from './features/loan-rights/loan-rights-service';
import { loanStateCalls } from './features/loan-state/loan-state-calls';
import { summaryOfBorrowingPdf } from './features/my-account-area/download-sob';
import { myAccountAreaCalls } from './features/my-account-area/my-account-area-calls';
import { openBankingFeature } from './features/open-banking/open-banking-feature';
import { preClaimCalls } from './features/pre-claim/pre-claim-calls';
import { preClaimService } from './features/pre-claim/pre-claim-service';
import { registerCalls } from './features/register/register-calls';
import { toAffordabilityDetails } from './features/register/submit-stage3';
import { sendWelcomeEmail } from './features/register/welcome-email';
import { staffCalls } from './features/staff/staff-calls';
import { underwritingQueue } from './features/underwriting/underwriting-queue';
import { referralCalls } from './features/underwriting/referral-calls';
import { auditCalls } from './features/staff-audit/audit-calls';
import { customersCalls } from './features/staff-customers/customers-calls';
import { careCalls } from './features/staff-care/care-calls';
import { moneyCalls } from './features/staff-money/money-calls';
import { collectionsCalls } from './features/staff-collections/collections-calls';
import { planCalls } from './features/staff-plans/plan-calls';
import { breathingSpaceCalls } from './features/breathing-space/breathing-space-calls';
import { legalCalls } from './features/pre-claim/legal-calls';
import { complaintsCalls } from './features/staff-complaints/complaints-calls';

/**
 * Every call of the contract the API has built: the one list `registerCalls` reads, so every other call
 * answers 501. Each feature folder wires its own calls (`<feature>-calls.ts`); this file only hands one
 * feature's parts to another (e-sign's to the application, the application's to a partner's lead) and
 * concatenates the lists. A new feature adds one line here.
 */
export function implementedCalls(
  ctx: AppContext,
  { cardProvider, payoutProvider, accountInformation }: OutsideServices,
  dictionaries: StoredDictionaries,
  servicing: Servicing,
): ImplementedCall[] {
  const logins = loginServiceFor(ctx);
  const esignKeys = { publicUrl: ctx.config.PUBLIC_URL, dataKey: ctx.config.DATA_KEY };
  const startSigning = signingStarter(ctx, esignKeys);
  const decision = servicing.decisionParts;
  // The account area's documents include the summary of borrowing, which the borrow area makes; staff
  // open the same documents through links of their own.
  const documents = documentService(ctx, dictionaries, (id) => summaryOfBorrowingPdf(ctx.db, id));
  return [
    getDictionaries(dictionaries),
    ...registerCalls(ctx, cardProvider, decision, dictionaries, startSigning),
    ...esignCalls(ctx, esignKeys, dictionaries, servicing.afterSignature),
    // A partner's lead lands with what stage 1, stage 3 and e-sign do for our own applicants.
    ...leadProviderCalls(ctx, cardProvider, {
      decision,
      // Written by the partner intake from SubmitStage3's schema: its parsed payload.
      affordabilityOf: (stage3Json) => toAffordabilityDetails(JSON.parse(stage3Json)),
      sendWelcomeEmail,
      startSigning,
      issueSigningLink: browserSigningLinks(ctx),
      codes: landingCodes(ctx, esignKeys),
    }),
    ...addressCalls(ctx.config),
    ...sessionCalls(ctx, logins),
    ...accountCalls(ctx, logins),
    ...myAccountAreaCalls(ctx.db),
    ...openBankingFeature(ctx, accountInformation),
    ...loanPaymentCalls(ctx, cardProvider),
    ...loanRightsCalls(loanRightsService(ctx), debtAdvicePauseService(ctx)),
    ...loanStateCalls(ctx),
    ...documentCalls(documents),
    ...preClaimCalls(preClaimService(ctx)),
    ...staffCalls(ctx),
    underwritingQueue(servicing.underwriting.pending),
    ...referralCalls(ctx, servicing.underwriting, dictionaries),
    ...auditCalls(ctx.db),
    ...customersCalls(ctx, dictionaries),
    ...careCalls(ctx),
    ...moneyCalls(ctx, payoutProvider),
    ...collectionsCalls(ctx),
    ...planCalls(ctx),
    ...breathingSpaceCalls(ctx),
    ...legalCalls(ctx),
    ...complaintsCalls(ctx),
    // The operations page and staff document downloads (issue 48 items 9 and 4; branch staff-ops).
    ...operationsCalls(ctx),
    ...partnerConsoleCalls(ctx),
    ...staffAccountsCalls(ctx),
    ...staffDocumentCalls(documents),
  ];
}
