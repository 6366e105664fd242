import { ProductId } from '@lender/contract/constants';
import { formatPence } from '@lender/contract/money';
import { buildQuote, type QuoteResult } from '@lender/contract/pricing/quote';
import { entryNames, type StoredDictionaries } from '../../lib/dictionary-store';
import type { Application } from '../../entities/applications/application-repository';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { isEnded } from '../../entities/applications/application-status';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import { isOpenFor, openApplication, transition } from '../../entities/applications/transition';
import type { EntityStore } from '../../entities/unit-of-work';
import { customerActor } from '../../entities/audit/actor';

/** A priced quote: the terms as priced (a wage frequency may fix the date) and the engine's figures. */
export type PricedQuote = { terms: LoanTerms; wageFrequency: string; price: QuoteResult };

/**
 * The quote of the signed-in applicant's own application while it waits for an accepted quote: shown as
 * applied for, recalculated for other terms, accepted. Figures come from the contract's pricing engine;
 * the terms' own rules (known wage frequency, date window) are the request schema's.
 */
export function quoteService(
  store: Pick<EntityStore, 'applications' | 'transaction'>,
  dictionaries: StoredDictionaries,
) {
  const wageFrequencyName = entryNames(dictionaries, 'wageFrequencies');

  const price = (terms: LoanTerms, dailyRate: number): PricedQuote => {
    const q = buildQuote({ ...terms, dailyRate });
    return {
      terms: { ...terms, repaymentDate: q.repaymentDate },
      wageFrequency: wageFrequencyName(terms.wageFrequencyId),
      price: q,
    };
  };

  /** A quote may be shown for or accepted on only an application still waiting for its quote. */
  const step = ApplicationStep.acceptQuote;
  const waitingApplication = (customerId: number) => openApplication(store.applications, customerId, step);

  const storeAccepted = (application: Application, { terms, price: p }: PricedQuote) =>
    transition(
      store,
      application,
      step,
      {
        kind: 'quote-accepted',
        actor: customerActor(application.customerId),
        reason: `${formatPence(terms.amountPence)} over ${terms.period}, total ${p.totalRepayablePence}p, APR ${p.aprPercent}%`,
      },
      ({ applications }) =>
        applications.storeQuote(application.id, {
          terms,
          productId: terms.period === 1 ? ProductId.shortTerm : ProductId.longTerm,
          totalRepayablePence: p.totalRepayablePence,
          instalmentPence: p.instalmentPence,
          aprPercent: p.aprPercent,
        }),
    );

  return {
    /** The quote for the application as applied for; null when there is none to show. */
    async current(customerId: number): Promise<PricedQuote | null> {
      const application = await waitingApplication(customerId);
      return application ? price(application.terms, application.dailyRate) : null;
    },

    /** The quote for other terms, changing nothing; null when there is no application to quote. */
    async calculate(customerId: number, terms: LoanTerms): Promise<PricedQuote | null> {
      // Only the status and the rate: the terms are the request's.
      const application = await store.applications.latestRate(customerId);
      return application && isOpenFor(step, application.statusId)
        ? price(terms, application.dailyRate)
        : null;
    },

    /**
     * Stores the quote for these terms and moves the application to offerAccepted; null when it can no
     * longer be accepted (none waits for its quote, or a concurrent request accepted it first).
     */
    async accept(customerId: number, terms: LoanTerms): Promise<Application | null> {
      const application = await waitingApplication(customerId);
      if (!application) return null;
      const moved = await storeAccepted(application, price(terms, application.dailyRate));
      return moved ? { ...application, statusId: step.to } : null;
    },

    /** The customer's newest application and whether it has ended; null when they have none. */
    async status(customerId: number) {
      const application = await store.applications.latest(customerId);
      return application && { ...application, isEnd: isEnded(application.statusId) };
    },
  };
}

export type QuoteService = ReturnType<typeof quoteService>;
