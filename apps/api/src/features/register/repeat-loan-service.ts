import { randomUUID } from 'node:crypto';
import { cardRefusalText } from '@lender/contract/card-refusals';
import { ProductId } from '@lender/contract/constants';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence, type Pence } from '@lender/contract/money';
import { buildQuote, type QuoteResult } from '@lender/contract/pricing/quote';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AffordabilityDetails } from '../../entities/affordability/affordability-repository';
import { assessAffordability } from '../../entities/affordability/assess-affordability';
import { connectionRequiredBecause } from '../../entities/open-banking/bank-statement-rules';
import { repeatLoanFigures } from './repeat-loan-statement';
import { borrowingHistory } from '../../entities/applications/decision/borrowing-history';
import type { Finding } from '../../entities/applications/decision/decision-check';
import { decisionFindingsRepository } from '../../entities/applications/decision/decision-findings-repository';
import { agencyCounted, declinedAnswer } from '../../entities/applications/decision/checks/credit-reference';
import { pipelineOf, type DecisionParts } from '../../entities/applications/decision/pipeline';
import { largestInstalmentPence } from '../../entities/applications/decision/quote-figures';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import { mayApplyAgain } from '../../entities/loans/repeat-eligibility';
import { entityRepositories, unitOfWork, type EntityRepositories } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { applicationDeclinedEmail } from '../../entities/applications/decision/declined-email';
import { repeatLoanPrefill } from './repeat-loan-prefill';
import { repeatLoanRepository } from './repeat-loan-repository';
import { reasonText } from './repeat-loan-reasons';
import {
  cardValidIn,
  hashOf,
  type Decision,
  type RepeatLoanOutcome,
  type RepeatLoanRequest,
} from './repeat-loan-request';
import { customerActor } from '../../entities/audit/actor';

/**
 * Register/RepeatLoan (issue 28, docs/decisions/027): a new application for a signed-in customer whose
 * last application has ended, decided by the same server-side rules as a new one, at the figures asked
 * for today: stage 1's screen, affordability, the repeat-lending rules (CONC 6.7), the card (on file, or
 * a new one confirmed with the provider, 3-D Secure included) and the bank account. Accepted, it goes
 * straight to esignSent with its agreements and e-sign codes; a declined card leaves it at stage 2; a
 * decline is stored with its reasons. Idempotent by the customer's key, and one application per ended
 * application it follows, whatever the key.
 */
export function repeatLoanService(
  ctx: AppContext,
  cards: Pick<CardProvider, 'confirm'>,
  decisionParts: DecisionParts,
  returnUrl: string,
  startSigning: (trx: DbExecutor, applicationGuid: string) => Promise<void>,
) {
  const store = unitOfWork(ctx.db, (db) => ({
    ...entityRepositories(ctx)(db),
    repeatRequests: repeatLoanRepository(db),
  }));
  const pipeline = pipelineOf(decisionParts, store);

  /** A decline's answer: the agency is named when a finding of its report declined it (s157). */
  const declined = async (declinedBy: Pick<Finding, 'check'> | null): Promise<RepeatLoanOutcome> => ({
    kind: 'declined',
    answer: await declinedAnswer(decisionParts.creditReference, agencyCounted(declinedBy)),
  });

  const answerOf = async (row: {
    error_id: number;
    error_message: string;
    guid: string;
  }): Promise<RepeatLoanOutcome> => {
    if (row.error_id === ErrorId.none) return { kind: 'esignSent', guid: row.guid };
    if (row.error_id === ErrorId.repeatLoanCardDeclined)
      return { kind: 'cardDeclined', guid: row.guid, message: row.error_message };
    return declined(await decisionFindingsRepository(ctx.db).declinedBy(row.guid));
  };

  /** The earlier answer to this key, or the refusal of a key reused for another request. */
  async function earlierAnswer(r: RepeatLoanRequest, hash: string): Promise<RepeatLoanOutcome | null> {
    const earlier = await store.repeatRequests.byKey(r.customerId, r.idempotencyKey);
    if (!earlier) return null;
    return earlier.request_hash === hash
      ? answerOf(earlier)
      : { kind: 'refused', refusal: Refusal.applicationKeyReused };
  }

  type Stored = {
    /** Made before the decision: the credit search names it as the applicant's consent. */
    guid: string;
    statusId: number;
    errorId: number;
    errorMessage: string;
    decisions: Decision[];
    /** The decision step's findings, recorded with the application. */
    findings: Finding[];
    /** The bank statement decided on (issue 49): kept with the application, its transactions for 30 days. */
    statementId: number | null;
    approvedAffordability: boolean;
    /** The figures assessed: the lower income and higher spending where a bank statement showed them. */
    assessment: { netIncomePence: Pence; expensesPence: Pence; instalmentPence: Pence; bufferPence: Pence };
    maritalStatusId: number;
    dailyRate: number;
    numDependents: number;
    follows: number;
    price: QuoteResult;
    terms: LoanTerms;
    /** What the application is given: a card and bank account only when it goes on (not when declined). */
    card: ((repos: EntityRepositories, applicationId: number) => Promise<void>) | null;
    bank: ((repos: EntityRepositories, applicationId: number) => Promise<void>) | null;
    /** A decline's e-mail, sent with the application that records it. */
    declinedEmail?: ReturnType<typeof applicationDeclinedEmail> & { to: string };
  };

  /** The new application with everything it was decided on, in one transaction with its answer's record. */
  async function storeApplication(r: RepeatLoanRequest, hash: string, s: Stored): Promise<string> {
    const { guid } = s;
    await store.transaction(async (repos, trx) => {
      const { applications } = repos;
      const productId = s.terms.period === 1 ? ProductId.shortTerm : ProductId.longTerm;
      const applicationId = await applications.insert({
        guid,
        customerId: r.customerId,
        statusId: s.statusId,
        productId,
        terms: s.terms,
        dailyRate: s.dailyRate,
        netMonthlyIncomePence: r.netMonthlyIncomePence,
        numDependents: s.numDependents,
        source: 'repeat-loan',
        campaign: null,
        tierName: null,
      });
      // The figures asked for are the quote accepted: e-sign prices the agreements from them.
      await applications.storeQuote(applicationId, {
        terms: s.terms,
        productId,
        totalRepayablePence: s.price.totalRepayablePence,
        instalmentPence: s.price.instalmentPence,
        aprPercent: s.price.aprPercent,
      });
      const details: AffordabilityDetails = {
        ...r.affordability,
        maritalStatusId: s.maritalStatusId,
        residentialStatusId: r.housing.residentialStatusId,
        livedInAddressId: r.housing.livedInAddressId,
      };
      await repos.affordability.insert({
        applicationId,
        details,
        ...s.assessment,
        approved: s.approvedAffordability,
      });
      await repos.customers.setAddress(r.customerId, r.currentAddress, r.housing);
      await s.card?.(repos, applicationId);
      await s.bank?.(repos, applicationId);
      for (const d of s.decisions) {
        const actor = customerActor(r.customerId);
        await applications.recordDecision({ applicationId, customerId: r.customerId, ...d, actor });
      }
      await decisionFindingsRepository(trx).record(applicationId, s.findings);
      const statementId = s.statementId;
      if (statementId)
        await repos.bankConnections.decidedOn(statementId, applicationId, ctx.businessDate.today());
      await repos.repeatRequests.insert({
        customerId: r.customerId,
        key: r.idempotencyKey,
        hash,
        follows: s.follows,
        applicationId,
        errorId: s.errorId,
        errorMessage: s.errorMessage,
      });
      if (s.statusId === AppStatus.esignSent) await startSigning(trx, guid);
      if (s.declinedEmail) {
        await repos.outbox.enqueue({ channel: 'email', ...s.declinedEmail });
      }
    });
    return guid;
  }

  return {
    /** Register/GetRepeatLoan: the form's starting point (repeat-loan-prefill.ts). */
    prefill: (customerId: number) => repeatLoanPrefill(ctx, customerId),

    async apply(r: RepeatLoanRequest): Promise<RepeatLoanOutcome> {
      const hash = hashOf(r);
      const earlier = await earlierAnswer(r, hash);
      if (earlier) return earlier;

      const customer = await store.customers.findById(r.customerId);
      const { newest, loans } = await store.loans.ofCustomer(r.customerId);
      const books = loans.map((l) => l.book);
      const previous = await store.applications.latest(r.customerId);
      if (!customer || !newest || !previous || !mayApplyAgain(newest, books)) {
        return { kind: 'refused', refusal: Refusal.repeatLoanNotOpen };
      }
      const lastAnswers = await store.affordability.latestOf(r.customerId);
      const maritalStatusId = r.maritalStatusId ?? lastAnswers?.details.maritalStatusId;
      if (!maritalStatusId) return { kind: 'invalid', fields: { maritalStatusID: Msg.maritalStatus } };

      const today = ctx.businessDate.today();
      // The card and bank account on file are checked before anything is decided: nothing is stored for
      // a choice the page should not have offered.
      const fileCard = r.card.kind === 'file' ? await store.cards.latestOf(r.customerId) : undefined;
      if (r.card.kind === 'file') {
        const lastLoan = loans[0]?.book.loan;
        const usable =
          fileCard && cardValidIn(fileCard, today) && !lastLoan?.cpa_cancelled_at && !lastLoan?.blocked_on;
        if (!usable) return { kind: 'invalid', fields: { useExistingCard: Msg.cardOnFileUnusable } };
      }
      const bankOnFile = r.bank === null ? await store.bankAccounts.latestOf(r.customerId) : undefined;
      if (r.bank === null && !bankOnFile)
        return { kind: 'invalid', fields: { bankDetails: Msg.bankDetails } };

      // Priced by the engine today, whatever the page showed; a wage frequency with a preset date uses it.
      const dailyRate = previous.dailyRate;
      const price = buildQuote({ ...r.terms, dailyRate, today });
      const terms: LoanTerms = { ...r.terms, repaymentDate: price.repaymentDate };
      const instalmentPence = largestInstalmentPence(price);
      // The customer's bank statement, when they connected it for this loan (issue 49): the lower income
      // and the higher spending per category count, and its own rules are the decision's.
      const figures = await repeatLoanFigures(store, r, today);
      const { statement, incomePence, expensesPence, creditCommitmentPence } = figures;
      // The assessment is stored with the answers, as stage 3 stores it, whatever declined the loan.
      const affordability = assessAffordability({
        netIncomePence: incomePence,
        expensesPence,
        instalmentPence,
      });
      const history = borrowingHistory(books, today);
      const applicationGuid = randomUUID();
      const decision = await pipeline.decide({
        channel: 'repeat',
        today,
        applicant: {
          email: customer.email,
          mobile: customer.mobile,
          birthDate: customer.birthDate,
          // Stage 1 asked; a home that has moved outside England and Wales is underwriting's referral.
          isResident: true,
          firstName: customer.firstName,
          lastName: customer.lastName,
          address: customer.address,
        },
        application: { guid: applicationGuid, customerId: r.customerId },
        // A new agreement: a hard search, unless one was made for this customer in the last 30 days.
        creditSearch: 'application',
        terms,
        dailyRate,
        quote: price,
        netMonthlyIncomePence: incomePence,
        expensesPence,
        declaredCommitmentsPence: creditCommitmentPence,
        history,
        statement: statement && { figures: statement.figures, consentReference: statement.consentReference },
      });
      const approved = decision.outcome !== 'decline';
      // A loan that needs the customer's bank statement (docs/decisions/072) is not lent without it; one
      // declined anyway is declined, so no one connects their bank to be declined on other grounds.
      const required = connectionRequiredBecause({
        declaredIncomePence: r.netMonthlyIncomePence,
        modelledIncomeLow: decision.findings.some((f) => f.reasonCode === 'modelledIncomeLow'),
        loansLast12Months: history.loansLast12Months,
      });
      if (approved && required.length > 0 && !figures.confirmsIncome) {
        return { kind: 'refused', refusal: Refusal.bankConnectionRequired };
      }
      const base = {
        guid: applicationGuid,
        maritalStatusId,
        dailyRate,
        numDependents: previous.numDependents,
        follows: newest.id,
        price,
        terms,
        approvedAffordability: affordability.approved,
        assessment: {
          netIncomePence: incomePence,
          expensesPence,
          instalmentPence,
          bufferPence: affordability.bufferPence,
        },
        findings: decision.findings,
        statementId: statement?.id ?? null,
      };
      const quoted: Decision = {
        kind: 'repeat-loan',
        reason: `${formatPence(terms.amountPence)} over ${terms.period}, first ${terms.repaymentDate}, total ${price.totalRepayablePence}p, APR ${price.aprPercent}%, following application ${newest.id}`,
      };
      const decided: Decision = {
        kind: approved ? 'repeat-loan-passed' : 'declined',
        reason: reasonText(decision.findings),
      };

      const stored = async (s: Omit<Stored, keyof typeof base>): Promise<string | null> => {
        try {
          return await storeApplication(r, hash, { ...base, ...s });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          return null;
        }
      };
      /** Another request (this key's, or another tab's) stored its application first: its answer, or none. */
      const raced = async () =>
        (await earlierAnswer(r, hash)) ?? { kind: 'refused' as const, refusal: Refusal.repeatLoanNotOpen };

      if (!approved) {
        const answer = await declined(decision.declinedBy);
        const agency = answer.kind === 'declined' ? answer.answer.creditReferenceAgency : null;
        const counted = agencyCounted(decision.declinedBy);
        const guid = await stored({
          statusId: AppStatus.leadDeclined,
          errorId: Refusal.declined.errorID,
          errorMessage: Refusal.declined.errorMessage,
          decisions: [quoted, decided],
          card: null,
          bank: null,
          declinedEmail: {
            to: customer.email,
            ...applicationDeclinedEmail(customer.firstName, counted ? agency : undefined),
          },
        });
        return guid ? answer : raced();
      }

      const bank = async ({ bankAccounts }: EntityRepositories, applicationId: number) => {
        if (r.bank) await bankAccounts.insert({ customerId: r.customerId, applicationId, ...r.bank });
        else await bankAccounts.copyToApplication(bankOnFile!.id, applicationId);
      };
      const bankDecision: Decision = {
        kind: 'bank-details',
        reason: r.bank ? 'bank account given' : 'the bank account on file',
      };

      let card: Stored['card'];
      let cardDecision: Decision;
      if (r.card.kind === 'file') {
        card = ({ cards: stored }, applicationId) => stored.copyToApplication(fileCard!.id, applicationId);
        cardDecision = { kind: 'card-accepted', reason: `the card on file, ending ${fileCard!.last4}` };
      } else {
        const newCard = r.card;
        // Another customer's card check is refused before the provider would answer its card (issue 45).
        if (!(await store.cards.claimCheck(newCard.trxId, r.customerId))) {
          return { kind: 'refused', refusal: Refusal.cardCheckNotYours };
        }
        const answer = await cards.confirm({ key: newCard.pKey, trxId: newCard.trxId, returnUrl });
        if (answer.outcome === 'unavailable') return { kind: 'refused', refusal: Refusal.repeatLoanTryAgain };
        if (answer.outcome === 'challenge') return { kind: 'challenge', redirectUrl: answer.redirectUrl };
        if (answer.outcome === 'declined') {
          // The customer reads plain words and a next step; staff read the provider's own text.
          const message = cardRefusalText(answer.z2);
          // Everything but the card is given: stage 2 takes a new card and then goes to e-sign.
          const guid = await stored({
            statusId: AppStatus.cardDeclined,
            errorId: ErrorId.repeatLoanCardDeclined,
            errorMessage: message,
            decisions: [
              quoted,
              decided,
              bankDecision,
              { kind: 'card-declined', reason: `provider z2 ${answer.z2}: ${answer.z3 || 'no text'}` },
            ],
            card: null,
            bank,
          });
          return guid ? { kind: 'cardDeclined', guid, message } : raced();
        }
        const confirmed = answer.card;
        card = ({ cards: stored }, applicationId) =>
          stored.insert({
            customerId: r.customerId,
            applicationId,
            providerToken: confirmed.token,
            providerTrxId: newCard.trxId,
            last4: confirmed.last4,
            expMonth: confirmed.expMonth,
            expYear: confirmed.expYear,
            holderName: confirmed.holder,
            billing: newCard.billing,
          });
        cardDecision = {
          kind: 'card-accepted',
          reason: `card ending ${confirmed.last4}, fingerprint ${newCard.fingerprinted ? 'answered' : 'not answered'}`,
        };
      }
      const guid = await stored({
        statusId: AppStatus.esignSent,
        errorId: ErrorId.none,
        errorMessage: '',
        decisions: [quoted, decided, cardDecision, bankDecision],
        card,
        bank,
      });
      return guid ? { kind: 'esignSent', guid } : raced();
    },
  };
}

export type RepeatLoanService = ReturnType<typeof repeatLoanService>;
