import type { IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { positionOf } from '../../entities/loans/ledger';
import {
  addToBook,
  attemptOf,
  chunks,
  type AttemptRow,
  type LoanBook,
  type Posting,
} from '../../entities/loans/loan-repository';
import { planWithoutCardStands } from '../../entities/loans/plan-rules';
import { attemptsExhausted, collectionDue } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import {
  EXPIRED_CARD_CODE,
  type CardProvider,
  type ChargeResult,
} from '../../lib/card-provider/card-provider';
import { nowIso } from '../../lib/clock';
import { mapConcurrently } from '../../lib/concurrently';
import { decrypt } from '../../lib/secrets';
import { recordNotice } from './record-notice';
import { insertMany, updateMany } from '../../db/many-rows';
import { cardBlockedEmail } from './servicing-emails';

const blockNoticeOf = (failure: AttemptRow) => `blocked:${failure.idempotency_key}`;

export type Collected = { collected: number; declined: number };

/** A loan the day services, with its status at the start of the day. */
export type LoanOfTheDay = { book: LoanBook; statusId: number };

/** One request to the card: an attempt, with the loan it is for. */
type Ask = { book: LoanBook; attempt: AttemptRow };

const NO_CARD: ChargeResult = { outcome: 'declined', chargeId: '', z2: '12', z3: 'No card on file.' };

/**
 * Collections by Continuous Payment Authority (decision 023, CONC 7.6): each attempt stored with its
 * idempotency key before the card provider is called, asked again under the same key until answered,
 * at most two failed attempts per instalment, then the loan blocked. A page of loans at a time: its
 * attempts stored in one statement, the charges sent `CPA_CONCURRENCY` at a time, the answers and the
 * money written in one transaction, so that a run killed anywhere leaves attempts to ask again, never
 * a charge made twice (docs/decisions/024).
 */
export function cpaCollections(ctx: AppContext, store: EntityStore, cards: CardProvider) {
  const { config } = ctx;

  /**
   * What the day asks of one loan's card: first any attempt not yet answered (a killed run's, or one the
   * provider did not answer), asked again under its own key; otherwise the one collection due, if the
   * loan may be collected from. One request to the card a day: a day that asks an earlier attempt again
   * makes no new one.
   */
  function asksOf({ book, statusId }: LoanOfTheDay, date: IsoDate): Ask[] {
    const { loan } = book;
    const open = book.attempts.filter((a) => a.outcome === 'pending' || a.outcome === 'unavailable');
    if (open.length > 0) return open.map((attempt) => ({ book, attempt }));
    if (statusId === AppStatus.defaulted || loan.blocked_on || loan.cpa_cancelled_at) return [];
    // A plan agreed without a card is paid by other means: nothing is charged while it stands.
    if (planWithoutCardStands(book, date)) return [];
    const due = collectionDue(
      book.terms,
      positionOf(book.terms, book.rows, date),
      book.attempts.map(attemptOf),
      date,
      loan.cpa_renewed_at,
    );
    if (!due) return [];
    const attempt: AttemptRow = {
      id: 0,
      application_id: loan.application_id,
      seq: due.seq,
      attempt: due.attempt,
      on_date: date,
      idempotency_key: `cpa:${loan.application_id}:${due.seq}:${due.attempt}`,
      amount_pence: due.amountPence,
      outcome: 'pending',
      z2: null,
      z3: null,
      charge_id: null,
      created_at: nowIso(),
      answered_at: null,
    };
    book.attempts.push(attempt);
    return [{ book, attempt }];
  }

  /** The new attempts stored, pending, before any is charged (a key already stored is left as it is). */
  async function storeAttempts(asks: readonly Ask[]) {
    const fresh = asks.filter((a) => a.attempt.id === 0);
    const { rows } = await insertMany(
      ctx.db,
      'cpa_attempts',
      fresh.map(({ attempt: { id: _id, ...row } }) => row),
      { skipExisting: 'idempotency_key', returning: ['id', 'idempotency_key'] },
    );
    const ids = new Map(rows.map((r) => [r.idempotency_key, r.id]));
    for (const { attempt } of fresh) attempt.id = ids.get(attempt.idempotency_key) ?? attempt.id;
  }

  /** Each customer's latest card's token, sealed as stored. */
  async function cardsOf(asks: readonly Ask[]): Promise<Map<number, string>> {
    const customerIds = [...new Set(asks.map((a) => a.book.loan.customer_id))];
    const sealed = new Map<number, string>();
    for (const ids of chunks(customerIds, 500)) {
      const rows = await ctx.db
        .selectFrom('cards')
        .select(['customer_id', 'provider_token_sealed'])
        .where('customer_id', 'in', ids)
        .orderBy('id', 'desc')
        .execute();
      for (const r of rows)
        if (!sealed.has(r.customer_id)) sealed.set(r.customer_id, r.provider_token_sealed);
    }
    return sealed;
  }

  /** Every answer on its attempt, and the money of those approved, in one transaction. */
  async function recordAnswers(asks: readonly Ask[], results: readonly ChargeResult[], date: IsoDate) {
    const answeredAt = nowIso();
    const answers = asks.map(({ book, attempt }, k) => {
      const result = results[k]!;
      const coded = result.outcome !== 'unavailable';
      return {
        book,
        attempt,
        outcome: result.outcome,
        z2: coded ? result.z2 : null,
        z3: (coded ? result.z3 : result.reason).slice(0, 200),
        chargeId: coded ? result.chargeId || null : null,
      };
    });
    const postings: { book: LoanBook; posting: Posting }[] = answers
      .filter((a) => a.outcome === 'approved')
      .map(({ book, attempt }) => ({
        book,
        posting: {
          applicationId: attempt.application_id,
          type: 'instalment',
          amountPence: attempt.amount_pence,
          // The day the answer came: an attempt asked again on a later day posts then, never into a
          // day already closed.
          onDate: date,
          reference: `cpa:${attempt.idempotency_key}`,
        },
      }));
    await store.transaction(async ({ loans }, trx) => {
      await updateMany(
        trx,
        'cpa_attempts',
        'idempotency_key',
        answers.map((a) => ({
          idempotency_key: a.attempt.idempotency_key,
          outcome: a.outcome,
          z2: a.z2,
          z3: a.z3,
          charge_id: a.chargeId,
          answered_at: answeredAt,
        })),
      );
      await loans.post(postings.map((p) => p.posting));
    });
    for (const a of answers) {
      Object.assign(a.attempt, {
        outcome: a.outcome,
        z2: a.z2,
        z3: a.z3,
        charge_id: a.chargeId,
        answered_at: answeredAt,
      });
    }
    for (const { book, posting } of postings) addToBook(book, posting);
  }

  /**
   * The attempt that ends collections from this card, if any: an expired card, or the last one allowed,
   * among the attempts since a new card renewed the authority.
   */
  function failureOf(book: LoanBook): AttemptRow | undefined {
    const current = book.loan.cpa_renewed_at
      ? book.attempts.filter((a) => a.created_at >= book.loan.cpa_renewed_at!)
      : book.attempts;
    const attempts = current.map(attemptOf);
    return current.find(
      (a) => a.outcome === 'declined' && (a.z2 === EXPIRED_CARD_CODE || attemptsExhausted(attempts, a.seq)),
    );
  }

  const blockedBefore = async (failure: AttemptRow) =>
    (await ctx.db
      .selectFrom('loan_notices')
      .select('id')
      .where('reference', '=', blockNoticeOf(failure))
      .executeTakeFirst()) !== undefined;

  /** Stops collections from a card that cannot pay, and tells the customer, once. */
  async function block(book: LoanBook, date: IsoDate, failure: AttemptRow) {
    const { loan } = book;
    const expired = failure.z2 === EXPIRED_CARD_CODE;
    const dueDate = book.terms.instalments.find((i) => i.seq === failure.seq)!.dueDate;
    const customer = await ctx.db
      .selectFrom('customers')
      .select(['email', 'first_name'])
      .where('id', '=', loan.customer_id)
      .executeTakeFirstOrThrow();
    const reason = expired ? 'card expired' : 'two collections declined';
    await store.transaction(async ({ loans, outbox }, trx) => {
      await loans.update(loan.application_id, { blocked_on: date, blocked_reason: reason });
      const first = await recordNotice(
        trx,
        loan.application_id,
        'card-blocked',
        date,
        blockNoticeOf(failure),
      );
      if (!first) return;
      await outbox.enqueue({
        channel: 'email',
        to: customer.email,
        ...cardBlockedEmail({
          firstName: customer.first_name,
          publicUrl: config.PUBLIC_URL,
          amountPence: failure.amount_pence,
          dueDate,
          expired,
        }),
      });
    });
    Object.assign(loan, { blocked_on: date, blocked_reason: reason });
  }

  return {
    /**
     * The day's collections for a page of loans. The books are brought up to date in memory with what
     * was posted.
     */
    async collect(loans: readonly LoanOfTheDay[], date: IsoDate): Promise<Collected> {
      const asks = loans.flatMap((l) => asksOf(l, date));
      const tally: Collected = { collected: 0, declined: 0 };
      if (asks.length === 0) return tally;
      await storeAttempts(asks);
      const sealed = await cardsOf(asks);
      const results = await mapConcurrently(asks, config.CPA_CONCURRENCY, ({ book, attempt }) => {
        const token = sealed.get(book.loan.customer_id);
        return token
          ? cards.charge({
              token: decrypt(token, config.DATA_KEY),
              amountPence: attempt.amount_pence,
              reference: attempt.idempotency_key,
            })
          : Promise.resolve(NO_CARD);
      });
      await recordAnswers(asks, results, date);
      for (const r of results) {
        if (r.outcome === 'approved') tally.collected++;
        if (r.outcome === 'declined') tally.declined++;
      }
      return tally;
    },

    /**
     * For each loan, a card that failed for good blocks the loan, checked from the attempts themselves,
     * so a run killed between a decline and the block still blocks.
     */
    async blockFailedCards(loans: readonly LoanOfTheDay[], date: IsoDate): Promise<void> {
      for (const { book } of loans) {
        // A failure that already blocked the loan once (its notice is recorded) does not block it again
        // after a new card has lifted the block.
        const failure = book.loan.blocked_on ? undefined : failureOf(book);
        if (failure && !(await blockedBefore(failure))) await block(book, date, failure);
      }
    },
  };
}
