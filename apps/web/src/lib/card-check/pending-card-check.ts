import type { CardSummary, CreditCard } from '@lender/contract/rules/card';

/** The card as our API may hold it: never the number or the security code (decision 014). */
export const toCardSummary = ({ nameOnCard, endMonth, endYear }: CreditCard | CardSummary): CardSummary => ({
  nameOnCard,
  endMonth,
  endYear,
});

/** The names a screen's pending request gives its card (stage 2 and AddCreditCard: creditCard; CardPayment: card). */
const CARD_KEYS = ['creditCard', 'card'] as const;

/** The request with any card in it cut down to its summary, whatever the caller passed in. */
function withoutCardSecrets<T extends object>(request: T): T {
  const copy = { ...request } as Record<string, unknown>;
  for (const key of CARD_KEYS) {
    const card = copy[key];
    if (card && typeof card === 'object') copy[key] = toCardSummary(card as CardSummary);
  }
  return copy as T;
}

/**
 * What a screen keeps while the browser is away at the bank's challenge, so the page can send it again
 * on its return: the request with the provider's key and transaction, its card without the number and
 * code (cut down here, whatever the caller passed). Session storage: it belongs to this tab and goes
 * when the tab closes. Each card screen keeps its own, under its own storage key.
 */
export function pendingCardCheck<T extends { trxId?: string | null }>(key: string) {
  return {
    save(request: T) {
      sessionStorage.setItem(key, JSON.stringify(withoutCardSecrets(request)));
    },
    /** The stored request; one for another transaction than the bank returned from is not it. */
    read(trxId?: string | null): T | null {
      const raw = sessionStorage.getItem(key);
      if (!raw) return null;
      try {
        const request = JSON.parse(raw) as T;
        return !trxId || request.trxId === trxId ? request : null;
      } catch {
        return null;
      }
    },
    clear() {
      sessionStorage.removeItem(key);
    },
  };
}

export type PendingCardCheck<T extends { trxId?: string | null }> = ReturnType<typeof pendingCardCheck<T>>;

/**
 * Sends a request that may need the bank's challenge, keeping it (in `pending`) while the answer sends
 * the browser there, so the page can send it again on its return; any other answer, or a failure, ends
 * it.
 */
export async function sendKeepingPending<
  T extends { trxId?: string | null },
  A extends { redirectUrl: string | null },
>(pending: PendingCardCheck<T>, request: T, send: (request: T) => Promise<A>): Promise<A> {
  pending.save(request);
  try {
    const answer = await send(request);
    if (!answer.redirectUrl) pending.clear();
    return answer;
  } catch (err) {
    pending.clear();
    throw err;
  }
}
