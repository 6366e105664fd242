import { escapeHtml } from '../../lib/escape-html';
import { page } from './pages';

/** The test bank's challenge: the applicant passes or fails the check on purpose. */
export const challengePage = (trxId: string, last4: string) =>
  page(
    'Confirm the card check - Test bank',
    `<h1>Confirm the card check</h1>
<p>This is the card provider's test bank. Confirm the check to continue.</p>
<p class="card">Card ending in ${escapeHtml(last4)}</p>
<form method="post" action="challenge">
<input type="hidden" name="trxId" value="${escapeHtml(trxId)}">
<div class="actions">
<button type="submit" name="decision" value="confirm">Confirm</button>
<button type="submit" name="decision" value="fail" class="secondary">Fail the check</button>
</div>
</form>`,
  );

export const noChallengePage = () =>
  page(
    'No card check waiting - Test bank',
    `<h1>No card check is waiting here</h1>
<p>This card check has finished, has expired or is not known. Go back to the lender's website and enter your card details again.</p>`,
  );
