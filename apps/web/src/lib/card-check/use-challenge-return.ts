import { cardRefusalText } from '@lender/contract/card-refusals';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { PendingCardCheck } from './pending-card-check';
import { isSuccessCode } from './tokenise-card';

type Options<T extends { trxId?: string | null }, A> = {
  /** Where the screen kept its request before the browser left for the challenge. */
  pending: PendingCardCheck<T>;
  /** Sends the kept request again; the server asks the provider how the challenge went. */
  resend: (request: T) => Promise<A>;
  onAnswer: (answer: A) => void;
  /**
   * `refusal`: the words for the bank's refusal of the challenge (its z2 in plain words with the next
   * step, card-refusals.ts), null when the challenge passed and the failure is the server's.
   */
  onFailure: (err: unknown, refusal: string | null, request: T | null) => void;
};

/**
 * Back from the bank's challenge the query holds z2, z3 and trxId. The query is the browser's to change,
 * so the page sends the pending request again and the server asks the provider how the challenge went
 * (decision 014); a z2 other than "0" is shown as the error (spec section 4). The query and the pending
 * request are removed either way (`resend` is expected to clear the request once it is answered). Runs
 * once `ready` (the screen knows it is the right one).
 */
export function useChallengeReturn<T extends { trxId?: string | null }, A>(
  ready: boolean,
  { pending, resend, onAnswer, onFailure }: Options<T, A>,
) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const z2 = params.get('z2');

  const resume = useEffectEvent(() => {
    // The query's z3 is the provider's own text (spec section 4), not plain words: the code says it.
    const refused = z2 !== null && !isSuccessCode(z2) ? cardRefusalText(z2) : null;
    const request = pending.read(params.get('trxId'));
    // Only the bank's answer goes: the screen's own query (borrow/payment?reschedule) stays.
    const rest = new URLSearchParams(params);
    for (const name of ['z2', 'z3', 'trxId']) rest.delete(name);
    setParams(rest, { replace: true });
    if (!request) {
      pending.clear();
      if (refused) onFailure(null, refused, null);
      return;
    }
    resend(request)
      .then(onAnswer)
      .catch((err: unknown) => onFailure(err, refused, request));
  });

  useEffect(() => {
    if (!ready || z2 === null || handled.current) return;
    handled.current = true;
    resume();
  }, [ready, z2]);
}
