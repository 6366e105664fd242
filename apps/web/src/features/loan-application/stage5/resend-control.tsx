import { ErrorId } from '@lender/contract/error-ids';
import { TIMINGS } from '@lender/contract/timings';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../../lib/api-client';
import { useCooldown } from './use-cooldown';
import { ESIGN_ERROR_PATH, hasErrorId } from './esign-errors';

type Props = {
  /** The button's words ('Resend SMS code'). */
  label: string;
  /** What is said once it has been sent. */
  sentMessage: string;
  send: () => Promise<unknown>;
};

const COOLDOWN_SECONDS = TIMINGS.resendCooldownMs / 1000;

/**
 * A resend link (spec section 4): after a press it rests for 15 s, then works again. It stays in the tab
 * order while resting (aria-disabled, not disabled) so focus is not lost and a screen reader hears why.
 * A server that says 'too soon' or 'too many today' (HTTP 429) is quoted in the same polite status line.
 */
export function ResendControl({ label, sentMessage, send }: Props) {
  const navigate = useNavigate();
  const { cooling, start } = useCooldown(TIMINGS.resendCooldownMs);
  const [note, setNote] = useState<{ text: string; refused: boolean } | null>(null);
  const waitId = useId();
  // A refusal says itself how long to wait: one figure on the screen, not two.
  const showWait = cooling && !note?.refused;

  const press = async () => {
    if (cooling) return;
    start();
    setNote(null);
    try {
      await send();
      setNote({ text: sentMessage, refused: false });
    } catch (err) {
      if (hasErrorId(err, ErrorId.esignClosed)) void navigate(ESIGN_ERROR_PATH);
      else setNote({ text: serverMessage(err), refused: true });
    }
  };

  return (
    <div className="resend">
      <button
        type="button"
        className="link-button"
        aria-disabled={cooling || undefined}
        aria-describedby={showWait ? waitId : undefined}
        onClick={() => void press()}
      >
        {label}
      </button>
      {showWait ? (
        <span id={waitId} className="resend__wait">
          You can ask again in {COOLDOWN_SECONDS} seconds.
        </span>
      ) : null}
      <p className="resend__note" role="status">
        {note?.text}
      </p>
    </div>
  );
}
