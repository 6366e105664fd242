import { formatDisplayDate, londonToday } from '@lender/contract/dates';
import { escapeHtml } from '../../lib/escape-html';
import { page } from './pages';
import { SANDBOX_BANK_CUSTOMERS, type SandboxBankCustomer } from './sandbox-customers';

/** What each sandbox customer's statements show (issue 49's table), so a tester picks knowingly. */
const CUSTOMER_HINTS: Record<SandboxBankCustomer, string> = {
  salaried: 'Salary from ACME LTD, rent, council tax, utilities and groceries',
  gig: 'Universal Credit, weekly gig-platform payments and an overdraft',
  stressed: 'Payday loan repayments, returned direct debits and gambling',
  empty: 'An account opened last week, with no transactions',
};

/** What the lender will read, in words, from the permissions it asked for. */
function whatIsRead(permissions: readonly string[], from: string | null) {
  const items: string[] = [];
  if (permissions.some((p) => p.startsWith('ReadAccounts')))
    items.push('your accounts: their names, types and numbers');
  if (permissions.includes('ReadBalances')) items.push('your balances');
  if (permissions.some((p) => p.startsWith('ReadTransactions'))) {
    items.push(from ? `your transactions from ${formatDisplayDate(from)}` : 'your transactions');
  }
  return items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n');
}

export type ConsentPageRequest = {
  bankName: string;
  clientId: string;
  bankId: string;
  consentId: string;
  state: string;
  redirectUri: string;
  permissions: readonly string[];
  expiresAt: string;
  transactionsFrom: string | null;
};

/** The bank's consent page: the applicant picks whose statements to share, then approves or denies. */
export function consentPage(request: ConsentPageRequest, error = false) {
  const hidden = Object.entries({
    client_id: request.clientId,
    bank_id: request.bankId,
    consent_id: request.consentId,
    state: request.state,
    redirect_uri: request.redirectUri,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const choices = SANDBOX_BANK_CUSTOMERS.map(
    (c) => `<div class="choice">
<input type="radio" id="customer-${c}" name="customer" value="${c}" aria-describedby="customer-${c}-hint" required>
<div><label for="customer-${c}">${c}</label>
<span class="hint" id="customer-${c}-hint">${escapeHtml(CUSTOMER_HINTS[c])}</span></div>
</div>`,
  ).join('\n');
  const until = formatDisplayDate(londonToday(new Date(request.expiresAt)));
  const from = request.transactionsFrom ? londonToday(new Date(request.transactionsFrom)) : null;
  return page(
    `${request.bankName}: share your account information`,
    `<h1>${escapeHtml(request.bankName)}: share your account information</h1>
<p>The lender (client <strong>${escapeHtml(request.clientId)}</strong>) asks to read, until ${until}:</p>
<ul>
${whatIsRead(request.permissions, from)}
</ul>
<p>It cannot move money. You can withdraw this at any time at the lender.</p>
<p>This is a sandbox bank: no real account is read. Choose whose statements to share.</p>
<form method="post" action="authorise">
${hidden}
<fieldset${error ? ' aria-describedby="customer-error"' : ''}>
<legend>Sandbox customer</legend>
${error ? '<p class="error" id="customer-error" role="alert">Choose a sandbox customer to approve.</p>' : ''}
${choices}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

export const noConsentPage = (status: 'unknown' | 'answered') =>
  page(
    'No consent waiting - Sandbox Bank',
    `<h1>No consent is waiting here</h1>
<p>${
      status === 'answered'
        ? 'This request has already been answered, or has expired.'
        : 'This request is not known to the bank, or does not come from a registered lender.'
    } Go back to the lender's website and start again.</p>`,
  );
