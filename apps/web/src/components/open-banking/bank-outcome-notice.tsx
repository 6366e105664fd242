import { useLocation } from 'react-router';
import type { BankOutcome } from './return-to';

const TEXT: Record<Exclude<BankOutcome['bankOutcome'], 'connected'>, string> = {
  denied: 'You did not connect your bank. You can carry on without it, or connect it below.',
  failed: 'We could not read your account at your bank just now. You can try again, or carry on without it.',
  closed: 'That bank connection had timed out. You can start it again below.',
};

/** The outcome of a visit to the bank, on the page the applicant came back to (the return page's state). */
export function BankOutcomeNotice() {
  const outcome = (useLocation().state as Partial<BankOutcome> | null)?.bankOutcome;
  if (!outcome || outcome === 'connected') return null;
  return (
    <p className="banner banner--info" role="status">
      {TEXT[outcome]}
    </p>
  );
}
