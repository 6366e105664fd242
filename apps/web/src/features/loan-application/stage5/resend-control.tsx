import { ErrorId } from '@lender/contract/error-ids';
import { TIMINGS } from '@lender/contract/timings';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/use-countdown';
import { ESIGN_ERROR_PATH, hasErrorId } from './esign-errors';
import { waitInWords } from './wait-in-words';

type Props = {
  /** The button's words ('Resend SMS code'). */
  label: string;
  /** What is said once it has been sent. */
  sentMessage: string;
  /** Sends, answering the server's seconds until the next send is allowed. */
  send: () => Promise<{ nextSendInSeconds: number } | null>;
  /** The wait GetEsign gave as the page opened: a page opened just after a send counts down at once. */
  initialWaitSeconds?: number;
};

/** The wait a refused resend (HTTP 429) names in its object, and whether it is the day's cap, when named. */
const refusedWait = (err: unknown): { seconds: number; daily: boolean } | null => {
  if (!(err instanceof ApiCallError) || err.status !== 429) return null;
  const wait = err.object as { nextSendInSeconds?: unknown; reason?: unknown } | null;
  return typeof wait?.nextSendInSeconds === 'number'
    ? { seconds: wait.nextSendInSeconds, daily: wait.reason === 'daily' }
    : null;
};

/**
 * A resend link (spec section 4, decision 038). It waits as long as the server says (15 s after a send,
 * or until the day's cap lifts), showing the wait beside it and counting down each second; at 0 it works
 * again. It stays in the tab order while waiting (aria-disabled, not disabled) so focus is not lost, and
 * the wait is its description. A screen reader hears the wait once when it starts and once when it ends,
 * not every second: only the status line is live.
 */
export function ResendControl({ label, sentMessage, send, initialWaitSeconds = 0 }: Props) {
  const navigate = useNavigate();
  const { secondsLeft, deadline, start } = useCountdown(initialWaitSeconds);
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<{ text: string; wait?: string } | null>(null);
  const waitId = useId();
  const waiting = secondsLeft > 0;

  // The end of a wait is said once in the status line.
  const [wasWaiting, setWasWaiting] = useState(waiting);
  if (wasWaiting !== waiting) {
    setWasWaiting(waiting);
    if (!waiting) setNote({ text: `You can press ${label} again.` });
  }

  const press = async () => {
    if (waiting || sending) return;
    setSending(true);
    setNote(null);
    try {
      const answer = await send();
      const seconds = answer?.nextSendInSeconds ?? TIMINGS.resendCooldownMs / 1000;
      start(seconds);
      setNote({ text: sentMessage, wait: waitInWords(seconds) });
    } catch (err) {
      const wait = refusedWait(err);
      if (hasErrorId(err, ErrorId.esignClosed)) void navigate(ESIGN_ERROR_PATH);
      else if (wait !== null) {
        start(wait.seconds);
        // The cooldown's own words carry a figure that would not count down: the wait beside the link does.
        setNote({ text: wait.daily ? serverMessage(err) : '', wait: waitInWords(wait.seconds) });
      } else setNote({ text: serverMessage(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="resend">
      <button
        type="button"
        className="link-button"
        aria-disabled={waiting || sending || undefined}
        aria-describedby={waiting ? waitId : undefined}
        onClick={() => void press()}
      >
        {label}
      </button>
      {waiting && deadline !== null ? (
        <span id={waitId} className="resend__wait">
          {waitInWords(secondsLeft, deadline)}
        </span>
      ) : null}
      <p className="resend__note" role="status">
        {note?.text}
        {note?.wait ? <span className="visually-hidden"> {note.wait}</span> : null}
      </p>
    </div>
  );
}
