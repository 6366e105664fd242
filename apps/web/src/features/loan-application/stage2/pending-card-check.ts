import type { CardSummary, CreditCard } from '@lender/contract/rules/card';

/**
 * What a card check keeps while the browser is away at the bank's challenge, so the page can send it
 * again on its return: the provider's key and transaction and the card without its number and code.
 * Session storage: it belongs to this tab and goes when the tab closes.
 */
export type PendingCardCheck = {
  creditCard: CardSummary;
  pKey: string;
  trxId: string;
  isSignature: boolean;
};

/** The card as our API may hold it: never the number or the security code (decision 014). */
export const toCardSummary = ({ nameOnCard, endMonth, endYear }: CreditCard | CardSummary): CardSummary => ({
  nameOnCard,
  endMonth,
  endYear,
});

/** A pending check under one storage key; each card screen keeps its own, with what else it sends. */
export function pendingCardCheck<T extends PendingCardCheck>(key: string) {
  return {
    save(check: T) {
      sessionStorage.setItem(key, JSON.stringify({ ...check, creditCard: toCardSummary(check.creditCard) }));
    },
    /** The stored check; one for another transaction than the bank returned from is not it. */
    read(trxId?: string | null): T | null {
      const raw = sessionStorage.getItem(key);
      if (!raw) return null;
      try {
        const check = JSON.parse(raw) as T;
        return !trxId || check.trxId === trxId ? check : null;
      } catch {
        return null;
      }
    },
    clear() {
      sessionStorage.removeItem(key);
    },
  };
}
