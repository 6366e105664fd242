import { Msg } from '@lender/contract/rules/messages';
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
  /** The text to show: the provider's z3 for a refused challenge, else what the failure says. */
  onFailure: (err: unknown, z3: string | null, request: T | null) => void;
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
    const z3 = params.get('z3') || null;
    const refusedZ3 = z2 !== null && !isSuccessCode(z2) ? (z3 ?? Msg.cardCheck) : null;
    const request = pending.read(params.get('trxId'));
    // Only the bank's answer goes: the screen's own query (borrow/payment?reschedule) stays.
    const rest = new URLSearchParams(params);
    for (const name of ['z2', 'z3', 'trxId']) rest.delete(name);
    setParams(rest, { replace: true });
    if (!request) {
      pending.clear();
      if (refusedZ3) onFailure(null, refusedZ3, null);
      return;
    }
    resend(request)
      .then(onAnswer)
      .catch((err: unknown) => onFailure(err, refusedZ3, request));
  });

  useEffect(() => {
    if (!ready || z2 === null || handled.current) return;
    handled.current = true;
    resume();
  }, [ready, z2]);
}
