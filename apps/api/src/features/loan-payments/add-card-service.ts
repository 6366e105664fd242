import type { IsoDate } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import type { AppContext } from '../../app-context';
import type { StoredAddress } from '../../entities/addresses/stored-address';
import { nextInstalmentOf } from '../../entities/loans/next-instalment';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { planWithoutCardStands } from '../../entities/loans/plan-rules';
import { entityStore } from '../../entities/unit-of-work';
import { isUniqueViolation } from '../../db/unique-violation';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { nowIso } from '../../lib/clock';
import { cardAddedEmail } from './payment-emails';
import { declinedRefusal } from './provider-refusals';
import { customerActor } from '../../entities/audit/actor';

export type NewCard = {
  customerId: number;
  pKey: string;
  trxId: string;
  fingerprinted: boolean;
  billing: StoredAddress | null;
};

export type AddCardOutcome =
  | { kind: 'added'; nextCollection: { date: IsoDate; amountPence: number } | null }
  | { kind: 'challenge'; redirectUrl: string }
  | { kind: 'refused'; refusal: Refusal };

/**
 * The next collection the CPA will attempt from the new card: none while it is cancelled, nor while a
 * plan paid by other means stands (the close of business charges no card then, issue 46 item 7).
 */
function nextCollection(book: LoanBook, today: IsoDate, cpaCancelled: boolean) {
  const next = nextInstalmentOf(book, today);
  if (!next || cpaCancelled || planWithoutCardStands(book, today)) return null;
  return { date: next.collectOn, amountPence: next.duePence };
}

/**
 * MyAccountArea/AddCreditCard (issue 27, docs/decisions/025): the card the browser had the provider
 * check (its number and code never reach us) is confirmed server to server, with the bank's challenge
 * where the bank asks for one, and replaces the card on file: the Continuous Payment Authority collects
 * from it from the next close of business, a blocked loan is unblocked, and its failed attempts count
 * afresh (CONC 7.6.14: two a card). The customer is told when the next collection will be.
 */
export function addCardService(ctx: AppContext, cards: CardProvider, returnUrl: string) {
  const store = entityStore(ctx);

  return {
    async add(card: NewCard): Promise<AddCardOutcome> {
      const book = await store.loans.liveOf(card.customerId);
      if (!book) return { kind: 'refused', refusal: Refusal.noLoanForCard };
      if (!(await store.cards.claimCheck(card.trxId, card.customerId))) {
        return { kind: 'refused', refusal: Refusal.cardCheckNotYours };
      }
      const answer = await cards.confirm({ key: card.pKey, trxId: card.trxId, returnUrl });
      switch (answer.outcome) {
        case 'unavailable':
          return { kind: 'refused', refusal: Refusal.cardCheckUnavailable };
        case 'challenge':
          return { kind: 'challenge', redirectUrl: answer.redirectUrl };
        case 'declined':
          return { kind: 'refused', refusal: declinedRefusal(answer.z2, Refusal.cardDeclined) };
        case 'approved':
          break;
      }
      const { loan } = book;
      const today = ctx.businessDate.today();
      // The page asks the customer to authorise collections from the new card: a cancelled CPA is given
      // again, but not to a customer withdrawing from the agreement (decision 026: they repay it in one).
      const withdrawing = (await store.withdrawals.of(loan.application_id)) !== undefined;
      const cpaCancelled = withdrawing && loan.cpa_cancelled_at !== null;
      const next = nextCollection(book, today, cpaCancelled);
      try {
        await store.transaction(async ({ cards: stored, loans, applications, customers, outbox }) => {
          await stored.insert({
            customerId: card.customerId,
            applicationId: loan.application_id,
            providerToken: answer.card.token,
            providerTrxId: card.trxId,
            last4: answer.card.last4,
            expMonth: answer.card.expMonth,
            expYear: answer.card.expYear,
            holderName: answer.card.holder,
            billing: card.billing,
          });
          await loans.update(loan.application_id, {
            blocked_on: null,
            blocked_reason: null,
            cpa_renewed_at: nowIso(),
            ...(cpaCancelled ? {} : { cpa_cancelled_at: null }),
          });
          await applications.recordDecision({
            applicationId: loan.application_id,
            customerId: card.customerId,
            kind: 'card-replaced',
            actor: customerActor(card.customerId),
            reason:
              `card ending ${answer.card.last4} added on ${today}, fingerprint ` +
              `${card.fingerprinted ? 'answered' : 'not answered'}` +
              (loan.blocked_on ? `, lifting the block of ${loan.blocked_on} (${loan.blocked_reason})` : '') +
              (loan.cpa_cancelled_at && !cpaCancelled
                ? ', the continuous payment authority given again'
                : ''),
          });
          const customer = await customers.findById(card.customerId);
          if (customer) {
            await outbox.enqueue({
              channel: 'email',
              to: customer.email,
              ...cardAddedEmail({
                firstName: customer.firstName,
                publicUrl: ctx.config.PUBLIC_URL,
                last4: answer.card.last4,
                next,
                cpaCancelled,
              }),
            });
          }
        });
      } catch (err) {
        // The same confirmed card sent twice (a double click): stored once, and the answer is the same.
        if (!isUniqueViolation(err)) throw err;
      }
      return { kind: 'added', nextCollection: next };
    },
  };
}

export type AddCardService = ReturnType<typeof addCardService>;
