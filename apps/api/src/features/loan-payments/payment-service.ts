import type { Pence } from '@lender/contract/money';
import { partPaymentProblem } from '@lender/contract/pricing/reschedule';
import { Refusal } from '@lender/contract/refusals';
import type { AppContext } from '../../app-context';
import { arrearsPence, positionOf } from '../../entities/loans/ledger';
import { namedFigures, type NamedFigures } from '../../entities/loans/named-figures';
import type { IsoDate } from '@lender/contract/dates';
import { endRepaidLoan } from '../../entities/loans/loan-end';
import { settlementOn } from '../../entities/loans/early-settlement';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import { isUniqueViolation } from '../../db/unique-violation';
import type { CardProvider, ChargeResult } from '../../lib/card-provider/card-provider';
import { requestHash } from '../../lib/idempotency-key';
import { nextInstalmentOf } from '../../entities/loans/next-instalment';
import { waitForLoan } from '../../lib/loan-batch-lock';
import { decrypt, encrypt } from '../../lib/secrets';
import {
  isAnswered,
  PAYMENT_IN_FLIGHT_MS,
  paymentRepository,
  type Payment,
} from '../../entities/loans/payment-repository';
import { paymentReceivedEmail } from './payment-emails';
import { declinedRefusal } from './provider-refusals';
import { customerActor } from '../../entities/audit/actor';

export type PaymentRequest = {
  customerId: number;
  idempotencyKey: string;
  payTotal: boolean;
  /** The amount is the next instalment's (issue 45): paid with no new plan, refused once it has changed. */
  payNext?: boolean;
  amountPence: Pence;
  /** The card on file, or a card the browser just had checked by the provider. */
  card: { kind: 'file' } | { kind: 'new'; pKey: string; trxId: string };
};

/** What the customer reads after a payment (issue 45 item 10), from the payment and the ledger after it. */
export type Receipt = {
  amountPence: Pence;
  cardLast4: string | null;
  onDate: IsoDate;
  /** The named figures after the payment; null once the loan is repaid. */
  figures: NamedFigures | null;
};

export type PaymentOutcome =
  | { kind: 'paid'; settled: boolean; receipt: Receipt }
  | { kind: 'challenge'; redirectUrl: string }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'invalid'; fields: Record<string, string> };

const refused = (refusal: Refusal): PaymentOutcome => ({ kind: 'refused', refusal });

/** A card that cannot be charged (now): what to answer, and whether the provider declined it. */
type Failed = { outcome: PaymentOutcome; declined?: { z2: string; z3: string } };

/** What a request asked, so that its key sent again with other details is refused, not replayed. */
const hashOf = (r: PaymentRequest) =>
  requestHash([
    r.payTotal,
    r.amountPence,
    r.card.kind,
    r.card.kind === 'new' ? r.card.trxId : null,
    // Only when asked, so that the hashes stored before it existed still match their requests.
    ...(r.payNext ? ['next'] : []),
  ]);

/** A declined payment as the customer reads it: an expired card points to a new card. */
const declinedPayment = (z2: string | null) => declinedRefusal(z2, Refusal.paymentDeclined);

/**
 * MyAccountArea/CardPayment's rules (issue 27, docs/decisions/025). The payment is stored under the
 * customer's idempotency key before the card is charged, the charge's reference is the payment's own, so
 * a double click, a retry after a timeout or a replay charges once and answers the first result; one
 * payment is charged per loan at a time and each is priced only once the one before it is answered, so
 * two racing payments never take more than is due. The money is posted on the business date (interest
 * stops on what it repays from that day: Consumer Credit Act s94-s95, no fee for paying early), and a
 * payment of everything owed settles the loan at once.
 */
export function paymentService(ctx: AppContext, cards: CardProvider, returnUrl: string) {
  const store = unitOfWork(ctx.db, (db) => ({
    ...entityRepositories(ctx)(db),
    payments: paymentRepository(db),
  }));

  /**
   * The rules of the amount against today's total due; null when it may be charged. In arrears any
   * amount from £1 is taken (a reduced or token payment, CONC 7.3.5), not only 10% and more.
   */
  function amountProblem(request: PaymentRequest, book: LoanBook): PaymentOutcome | null {
    const today = ctx.businessDate.today();
    const position = positionOf(book.terms, book.rows);
    // What settles the loan today: the total due, within the Early Settlement Regulations' ceiling.
    const totalDuePence = settlementOn(book.terms, book.rows, today, position).settlementPence;
    const inArrears = arrearsPence(book.terms, position, today) > 0;
    if (request.payTotal) {
      return request.amountPence === totalDuePence ? null : refused(Refusal.paymentChanged);
    }
    if (request.payNext) {
      const next = nextInstalmentOf(book, today, position);
      if (next?.duePence !== request.amountPence) return refused(Refusal.paymentChanged);
    }
    const problem = partPaymentProblem(request.amountPence, totalDuePence, inArrears);
    return problem ? { kind: 'invalid', fields: { amount: problem } } : null;
  }

  /** The card's token to charge, sealed: the card on file's, or a new card's once the provider confirms it. */
  async function cardFor(
    request: PaymentRequest,
    book: LoanBook,
  ): Promise<{ sealed: string; last4: string } | Failed> {
    if (request.card.kind === 'file') {
      const card = book.loan.blocked_on ? undefined : await store.cards.latestOf(request.customerId);
      return card
        ? { sealed: card.provider_token_sealed, last4: card.last4 }
        : { outcome: refused(Refusal.cardNotActive) };
    }
    // Another customer's card check is refused before the provider would answer its card (issue 45).
    if (!(await store.cards.claimCheck(request.card.trxId, request.customerId))) {
      return { outcome: refused(Refusal.cardCheckNotYours) };
    }
    const answer = await cards.confirm({ key: request.card.pKey, trxId: request.card.trxId, returnUrl });
    switch (answer.outcome) {
      case 'approved':
        return { sealed: encrypt(answer.card.token, ctx.config.DATA_KEY), last4: answer.card.last4 };
      case 'challenge':
        return { outcome: { kind: 'challenge', redirectUrl: answer.redirectUrl } };
      case 'declined':
        return { outcome: refused(declinedPayment(answer.z2)), declined: answer };
      case 'unavailable':
        return { outcome: refused(Refusal.paymentUnavailable) };
    }
  }

  /**
   * The stored answer of a payment already answered, as its first request got it; its receipt's figures
   * are the ledger's now (a collection since then has moved them on).
   */
  async function answerOf(payment: Payment): Promise<PaymentOutcome> {
    if (payment.state === 'declined') return refused(declinedPayment(payment.z2));
    const book = (await store.loans.books([payment.application_id])).get(payment.application_id);
    const settled = !book || Boolean(book.loan.settled_on);
    return { kind: 'paid', settled, receipt: receiptOf(payment, settled ? undefined : book) };
  }

  /** The receipt of an approved payment: the figures of its loan's ledger, none once repaid. */
  function receiptOf(payment: Payment, book: LoanBook | undefined): Receipt {
    const today = ctx.businessDate.today();
    const figures = book ? namedFigures(book.terms, book.rows, today) : null;
    return {
      amountPence: payment.amount_pence,
      cardLast4: payment.card_last4,
      onDate: payment.on_date,
      figures: figures && figures.toClearTodayPence > 0 ? figures : null,
    };
  }

  /** Charges a stored payment under its own reference (so asking again never charges twice) and records the answer. */
  async function charge(payment: Payment): Promise<PaymentOutcome> {
    const result: ChargeResult = await cards.charge({
      token: decrypt(payment.token_sealed!, ctx.config.DATA_KEY),
      amountPence: payment.amount_pence,
      reference: `pay:${payment.id}`,
    });
    // Unanswered, it stays charging: the provider may have taken the money, and the same key asks again.
    if (result.outcome === 'unavailable') return refused(Refusal.paymentUnavailable);
    if (result.outcome === 'declined') {
      await store.payments.move(payment.id, 'charging', {
        state: 'declined',
        z2: result.z2,
        z3: result.z3.slice(0, 200),
        charge_id: result.chargeId || null,
      });
      return refused(declinedPayment(result.z2));
    }
    return record(payment, result);
  }

  /**
   * The approved payment on the ledger with its receipt, in one transaction; then, when it repaid
   * everything, the loan settled. A crash between the two loses nothing: the close of business settles
   * a loan that owes nothing.
   */
  async function record(
    payment: Payment,
    result: { z2: string; z3: string; chargeId: string },
  ): Promise<PaymentOutcome> {
    const today = ctx.businessDate.today();
    const after = await store.transaction(async ({ payments, loans, customers, outbox }) => {
      const moved = await payments.move(payment.id, 'charging', {
        state: 'approved',
        z2: result.z2,
        z3: result.z3.slice(0, 200),
        charge_id: result.chargeId,
      });
      if (!moved) return null;
      const before = (await loans.books([payment.application_id])).get(payment.application_id);
      // Paying what settles the loan today settles it: the interest above the Early Settlement
      // Regulations' ceiling is given back with the payment (docs/decisions/053).
      const settlement = before && settlementOn(before.terms, before.rows, today);
      const rebate =
        settlement && payment.amount_pence >= settlement.settlementPence ? settlement.rebatePence : 0;
      const paid = {
        applicationId: payment.application_id,
        onDate: today,
        actor: customerActor(payment.customer_id),
      };
      // The rebate first: it takes interest off before the payment is allocated to what is left.
      await loans.post([
        ...(rebate > 0
          ? [{ ...paid, type: 'rebate' as const, amountPence: rebate, reference: `rebate:${payment.id}` }]
          : []),
        { ...paid, type: 'card-payment', amountPence: payment.amount_pence, reference: `pay:${payment.id}` },
      ]);
      const book = (await loans.books([payment.application_id])).get(payment.application_id)!;
      // The figures the receipt and the e-mail name, as every page names them (issue 45).
      const figures = namedFigures(book.terms, book.rows, today);
      const customer = await customers.findById(payment.customer_id);
      if (customer) {
        await outbox.enqueue({
          channel: 'email',
          to: customer.email,
          ...paymentReceivedEmail({
            firstName: customer.firstName,
            publicUrl: ctx.config.PUBLIC_URL,
            amountPence: payment.amount_pence,
            onDate: today,
            balancePence: figures.toClearTodayPence,
            overduePence: figures.overdueNowPence,
            next: figures.next,
          }),
        });
      }
      return { book, figures };
    });
    if (after === null) {
      // Another request for the same payment recorded it first: its answer.
      return answerOf({ ...payment, state: 'approved' });
    }
    const settled = after.figures.toClearTodayPence === 0;
    if (settled) {
      const app = { id: payment.application_id, customerId: payment.customer_id };
      // Settled, or withdrawn when the customer gave notice of withdrawal (s66A, docs/decisions/026).
      await endRepaidLoan(
        store,
        app,
        today,
        `paid in full by card on ${today} (payment ${payment.id})`,
        customerActor(app.customerId),
      );
    }
    return { kind: 'paid', settled, receipt: receiptOf(payment, settled ? undefined : after.book) };
  }

  /** Back from the bank's challenge: the provider says how it went, and the amount is priced again. */
  async function afterChallenge(payment: Payment, request: PaymentRequest): Promise<PaymentOutcome> {
    const book = await store.loans.liveOf(request.customerId);
    if (!book || book.loan.application_id !== payment.application_id) return refused(Refusal.noLoanToPay);
    const problem = amountProblem(request, book);
    if (problem) return problem;
    const card = await cardFor(request, book);
    if ('outcome' in card) {
      if (card.declined) {
        const { z2, z3 } = card.declined;
        await store.payments.move(payment.id, 'challenge', { state: 'declined', z2, z3: z3.slice(0, 200) });
      }
      return card.outcome;
    }
    try {
      const moved = await store.payments.move(payment.id, 'challenge', {
        state: 'charging',
        token_sealed: card.sealed,
        card_last4: card.last4,
      });
      if (!moved) return resumeOrAnswer(request);
    } catch (err) {
      if (isUniqueViolation(err)) return refused(Refusal.paymentInProgress);
      throw err;
    }
    return chargeClaimed(
      { ...payment, state: 'charging', token_sealed: card.sealed, card_last4: card.last4 },
      request,
    );
  }

  /**
   * Charges a payment that has just claimed the loan's one charging place, once it is priced again: a
   * payment answered before the claim is on the ledger by then, so two payments one after the other
   * never take more than is due. A payment the balance no longer allows is withdrawn, nothing charged.
   */
  async function chargeClaimed(payment: Payment, request: PaymentRequest): Promise<PaymentOutcome> {
    const book = await store.loans.liveOf(request.customerId);
    const problem = !book ? refused(Refusal.noLoanToPay) : amountProblem(request, book);
    if (problem) {
      await store.payments.remove(payment.id, 'charging');
      return problem;
    }
    return charge(payment);
  }

  /** The payment stored under the request's key, carried on where it stopped or answered as it was. */
  async function resumeOrAnswer(request: PaymentRequest): Promise<PaymentOutcome> {
    const payment = await store.payments.byKey(request.customerId, request.idempotencyKey);
    if (!payment) return refused(Refusal.generic);
    if (payment.request_hash !== hashOf(request)) return refused(Refusal.idempotencyKeyReused);
    if (isAnswered(payment)) return answerOf(payment);
    return payment.state === 'challenge' ? afterChallenge(payment, request) : charge(payment);
  }

  /**
   * A payment left charging on the loan: one in flight makes this one wait; one whose provider never
   * answered is asked again first (under its own reference), so it cannot hold the loan for ever.
   * True when nothing is charging any more.
   */
  async function nothingCharging(applicationId: number, request: PaymentRequest): Promise<boolean> {
    const open = await store.payments.charging(applicationId);
    if (!open) return true;
    // This very request, stored since it was looked for (a double click): not another payment.
    if (open.customer_id === request.customerId && open.idempotency_key === request.idempotencyKey)
      return true;
    if (Date.now() - Date.parse(open.created_at) < PAYMENT_IN_FLIGHT_MS) return false;
    await charge(open);
    return !(await store.payments.charging(applicationId));
  }

  return {
    async pay(request: PaymentRequest): Promise<PaymentOutcome> {
      if (await store.payments.byKey(request.customerId, request.idempotencyKey)) {
        return resumeOrAnswer(request);
      }
      const book = await store.loans.liveOf(request.customerId);
      if (!book) return refused(Refusal.noLoanToPay);
      const applicationId = book.loan.application_id;
      // The close of business holds a batch of loans at a time: this waits for its own loan only.
      if ((await waitForLoan(ctx.db, applicationId, ctx.config.COB_LOAN_WAIT_MS)) === 'held')
        return refused(Refusal.dayClosing);
      if (!(await nothingCharging(applicationId, request))) return refused(Refusal.paymentInProgress);
      if (await store.payments.byKey(request.customerId, request.idempotencyKey)) {
        return resumeOrAnswer(request);
      }
      // Priced now to refuse early, before the provider is asked; priced again once claimed.
      const problem = amountProblem(request, book);
      if (problem) return problem;

      const card = await cardFor(request, book);
      const challenge = 'outcome' in card && card.outcome.kind === 'challenge' ? card.outcome : null;
      if ('outcome' in card && !challenge) return card.outcome;

      let payment: Payment;
      try {
        payment = await store.payments.insert({
          customer_id: request.customerId,
          application_id: applicationId,
          idempotency_key: request.idempotencyKey,
          request_hash: hashOf(request),
          kind: request.payTotal ? 'total' : 'part',
          amount_pence: request.amountPence,
          card: request.card.kind,
          provider_trx_id: request.card.kind === 'new' ? request.card.trxId : null,
          token_sealed: 'sealed' in card ? card.sealed : null,
          card_last4: 'last4' in card ? card.last4 : null,
          state: challenge ? 'challenge' : 'charging',
          on_date: ctx.businessDate.today(),
          z2: null,
          z3: null,
          charge_id: null,
          answered_at: null,
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The same key raced in (a double click): its first request's answer. Otherwise another payment
        // started charging on the loan in the meantime.
        const first = await store.payments.byKey(request.customerId, request.idempotencyKey);
        return first ? resumeOrAnswer(request) : refused(Refusal.paymentInProgress);
      }
      return challenge ?? chargeClaimed(payment, request);
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
