import type { FastifyInstance } from 'fastify';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { CONSENT_PERMISSIONS, type AccountInformation } from '../../lib/open-banking/account-information';
import type { SandboxBankCustomer } from './sandbox-customers';
import { consentFormFields, OB_TEST_REDIRECT, postConsentForm, redirectQuery } from './test-support';

export const DAY_MS = 24 * 60 * 60_000;
/** An instant `days` from now, as the lender sends ExpirationDateTime. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/**
 * The applicant's steps against the sandbox bank `app` serves, through the lender's adapter `bank`:
 * a consent made, the consent page answered (as the browser posts it), the code exchanged, the read.
 */
export function journey(app: FastifyInstance, bank: AccountInformation, today: IsoDate) {
  async function newConsent(bankId = 'sandbox-bank', expiresAt = inDays(90)) {
    const made = await bank.createConsent({
      bankId,
      permissions: CONSENT_PERMISSIONS,
      transactionsFrom: addDays(today, -89),
      expiresAt,
    });
    if (made.outcome !== 'consent') throw new Error(`no consent: ${made.reason}`);
    return made.consentId;
  }

  const urlFor = (consentId: string, state = 'state-1') =>
    bank.authorisationUrl({ bankId: 'sandbox-bank', consentId, state, redirectUrl: OB_TEST_REDIRECT });

  /** The applicant approves `customer` on the consent page; the bank's 303 to the lender carries the code. */
  async function approve(consentId: string, customer: SandboxBankCustomer) {
    const res = await postConsentForm(app, {
      ...consentFormFields(urlFor(consentId)),
      customer,
      decision: 'approve',
    });
    if (res.statusCode !== 303) throw new Error(`approve answered ${res.statusCode}`);
    return redirectQuery(res.headers.location);
  }

  const exchange = (code: string, redirectUrl = OB_TEST_REDIRECT, adapter = bank) =>
    adapter.exchangeCode({ bankId: 'sandbox-bank', code, redirectUrl });

  async function connect(customer: SandboxBankCustomer, expiresAt?: string) {
    const consentId = await newConsent('sandbox-bank', expiresAt);
    const { code } = await approve(consentId, customer);
    const token = await exchange(code!);
    if (token.outcome !== 'token') throw new Error(`no token: ${token.reason}`);
    return { consentId, accessToken: token.accessToken };
  }

  const read = (accessToken: string, from = addDays(today, -89)) =>
    bank.readAccounts({ bankId: 'sandbox-bank', accessToken, from });

  return { newConsent, urlFor, approve, exchange, connect, read };
}
