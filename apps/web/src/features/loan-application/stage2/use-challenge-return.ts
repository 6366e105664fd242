import { Msg } from '@lender/contract/rules/messages';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pendingStage2, sendStage2, type Stage2Answer } from './submit-stage2';
import { isSuccessCode } from './tokenise-card';

type Handlers = {
  onAnswer: (answer: Stage2Answer) => void;
  /** The text to show: the provider's z3 for a refused challenge, else what the failure says. */
  onFailure: (err: unknown, z3: string | null) => void;
};

/**
 * Back from the bank's challenge the query holds z2, z3 and trxId. The query is the browser's to change,
 * so the page sends the pending submission again and the server asks the provider how the challenge went
 * (decision 014); a z2 other than "0" is shown as the error (spec section 4). The query and the pending
 * submission are removed either way. Runs once `ready` (the status says this is the right screen).
 */
export function useChallengeReturn(ready: boolean, { onAnswer, onFailure }: Handlers) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const z2 = params.get('z2');

  const resume = useEffectEvent(() => {
    const z3 = params.get('z3') || null;
    const refusedZ3 = z2 !== null && !isSuccessCode(z2) ? (z3 ?? Msg.cardCheck) : null;
    const pending = pendingStage2.read(params.get('trxId'));
    setParams({}, { replace: true });
    if (!pending) {
      pendingStage2.clear();
      if (refusedZ3) onFailure(null, refusedZ3);
      return;
    }
    sendStage2(pending)
      .then(onAnswer)
      .catch((err: unknown) => onFailure(err, refusedZ3));
  });

  useEffect(() => {
    if (!ready || z2 === null || handled.current) return;
    handled.current = true;
    resume();
  }, [ready, z2]);
}
