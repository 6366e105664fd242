import type { IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { positionOf } from '../../entities/loans/ledger';
import { attemptOf, type AttemptRow, type LoanBook } from '../../entities/loans/loan-repository';
import { attemptsExhausted, collectionDue } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { nowIso } from '../../lib/clock';
import { decrypt } from '../../lib/secrets';
import { recordNotice } from './loan-notices';
import { cardBlockedEmail } from './servicing-emails';

/** The provider's code for an expired card: no second attempt on a card that cannot pay. */
const EXPIRED = '54';

const blockNoticeOf = (failure: AttemptRow) => `blocked:${failure.idempotency_key}`;

export type Collected = { collected: number; declined: number };

/**
 * Collections by Continuous Payment Authority (decision 023, CONC 7.6): each attempt stored with its
 * idempotency key before the card provider is called, asked again under the same key until answered,
 * at most two failed attempts per instalment, then the loan blocked.
 */
export function cpaCollections(ctx: AppContext, store: EntityStore, cards: CardProvider) {
  const { config } = ctx;

  /** One attempt: stored with its key, then the charge, then its answer and the money, together. */
  async function attempt(
    book: LoanBook,
    date: IsoDate,
    a: Pick<AttemptRow, 'seq' | 'attempt' | 'amount_pence' | 'idempotency_key'>,
  ) {
    const { loan } = book;
    const key = a.idempotency_key;
    await ctx.db
      .insertInto('cpa_attempts')
      .values({
        application_id: loan.application_id,
        seq: a.seq,
        attempt: a.attempt,
        on_date: date,
        idempotency_key: key,
        amount_pence: a.amount_pence,
        outcome: 'pending',
        z2: null,
        z3: null,
        charge_id: null,
        created_at: nowIso(),
        answered_at: null,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const card = await ctx.db
      .selectFrom('cards')
      .select('provider_token_sealed')
      .where('customer_id', '=', loan.customer_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const result = card
      ? await cards.charge({
          token: decrypt(card.provider_token_sealed, config.DATA_KEY),
          amountPence: a.amount_pence,
          reference: key,
        })
      : ({ outcome: 'declined', chargeId: '', z2: '12', z3: 'No card on file.' } as const);
    const coded = result.outcome !== 'unavailable';
    await store.transaction(async ({ loans }, trx) => {
      await trx
        .updateTable('cpa_attempts')
        .set({
          outcome: result.outcome,
          z2: coded ? result.z2 : null,
          z3: (coded ? result.z3 : result.reason).slice(0, 200),
          charge_id: coded ? result.chargeId || null : null,
          answered_at: nowIso(),
        })
        .where('idempotency_key', '=', key)
        .execute();
      if (result.outcome === 'approved') {
        await loans.post([
          {
            applicationId: loan.application_id,
            type: 'instalment',
            amountPence: a.amount_pence,
            onDate: date,
            reference: `cpa:${key}`,
          },
        ]);
      }
    });
    return result.outcome;
  }

  /** The attempt that ends collections from this card, if any: an expired card, or the last one allowed. */
  function failureOf(book: LoanBook): AttemptRow | undefined {
    const attempts = book.attempts.map(attemptOf);
    return book.attempts.find(
      (a) => a.outcome === 'declined' && (a.z2 === EXPIRED || attemptsExhausted(attempts, a.seq)),
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
    const expired = failure.z2 === EXPIRED;
    const dueDate = book.terms.instalments.find((i) => i.seq === failure.seq)!.dueDate;
    const customer = await ctx.db
      .selectFrom('customers')
      .select(['email', 'first_name'])
      .where('id', '=', loan.customer_id)
      .executeTakeFirstOrThrow();
    await store.transaction(async ({ loans, outbox }, trx) => {
      const reason = expired ? 'card expired' : 'two collections declined';
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
  }

  return {
    /**
     * A loan's collections for the day: first any attempt not yet answered (a killed run's, or one the
     * provider did not answer) is asked again under its own key; otherwise the one collection due, if
     * the loan may be collected from. Then a card that failed for good blocks the loan, checked from
     * the attempts themselves, so a run killed between a decline and the block still blocks.
     */
    async collect(
      book: LoanBook,
      statusId: number,
      date: IsoDate,
      reload: () => Promise<void>,
    ): Promise<Collected> {
      const tally: Collected = { collected: 0, declined: 0 };
      const count = (outcome: string) => {
        if (outcome === 'approved') tally.collected++;
        if (outcome === 'declined') tally.declined++;
      };
      const { loan } = book;
      const open = book.attempts.filter((a) => a.outcome === 'pending' || a.outcome === 'unavailable');
      for (const a of open) {
        count(await attempt(book, date, a));
        await reload();
      }
      // One request to the card a day: a day that asked an earlier attempt again makes no new one.
      const collecting =
        open.length === 0 && statusId !== AppStatus.defaulted && !loan.blocked_on && !loan.cpa_cancelled_at;
      const due = collecting
        ? collectionDue(
            book.terms,
            positionOf(book.terms, book.rows, date),
            book.attempts.map(attemptOf),
            date,
          )
        : null;
      if (due) {
        const key = `cpa:${loan.application_id}:${due.seq}:${due.attempt}`;
        count(
          await attempt(book, date, {
            seq: due.seq,
            attempt: due.attempt,
            amount_pence: due.amountPence,
            idempotency_key: key,
          }),
        );
        await reload();
      }
      // A failure that already blocked the loan once (its notice is recorded) does not block it again
      // after a new card has lifted the block.
      const failure = book.loan.blocked_on ? undefined : failureOf(book);
      if (failure && !(await blockedBefore(failure))) {
        await block(book, date, failure);
        await reload();
      }
      return tally;
    },
  };
}
