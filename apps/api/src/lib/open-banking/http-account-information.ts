import crypto from 'node:crypto';
import type { z } from 'zod';
import type { IsoDate } from '@lender/contract/dates';
import type {
  AccountInformation,
  BankAccountRead,
  BankTransaction,
  Unavailable,
} from './account-information';
import { budgetOf, callWithin, isUnavailable, json, OUTSIDE, type Budget } from './ob-call';
import { bookedBalance, formEncode, londonMidnight, signedPenceOf, toBankTransaction } from './ob-mapping';
import {
  accountsSchema,
  balancesSchema,
  banksSchema,
  consentResponseSchema,
  tokenSchema,
  transactionsPageSchema,
} from './ob-read-schemas';
import { noAnswer, type ProviderTransport } from '../provider-transports';

/** A consent, a code exchange or a revocation: the applicant waits on each (token call included). */
export const OB_CALL_TIMEOUT_MS = 10_000;
/** A whole read (every account, its balance and every page of its transactions): the applicant waits. */
export const OB_READ_TIMEOUT_MS = 30_000;
/** 90 days are a few pages at any bank; more means a bank that loops, which must not hold the applicant. */
export const OB_MAX_TRANSACTION_PAGES = 50;

export type HttpAccountInformationOptions = {
  clientId: string;
  clientSecret: string;
  transport: ProviderTransport;
  /**
   * The aggregator's address as a browser reaches it (the authorisation page) and as its paging links
   * name it. For the built-in sandbox: PUBLIC_URL + its path, while `transport` goes in process.
   */
  baseUrl: string;
  timeoutMs?: number;
  readTimeoutMs?: number;
  maxPages?: number;
};

/**
 * UK Open Banking v3.1 account information as an aggregator speaks it (docs/open-banking-protocol.md):
 * client_secret_basic on POST /token, the bank named by `x-fapi-financial-id`, a fresh
 * `x-fapi-interaction-id` per call. Every answer is untrusted; a failure of any kind is `unavailable`.
 * Nothing here logs: the requests carry the client secret and tokens, the answers the applicant's money.
 */
export function httpAccountInformation({
  clientId,
  clientSecret,
  transport,
  baseUrl,
  timeoutMs = OB_CALL_TIMEOUT_MS,
  readTimeoutMs = OB_READ_TIMEOUT_MS,
  maxPages = OB_MAX_TRANSACTION_PAGES,
}: HttpAccountInformationOptions): AccountInformation {
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  const basePath = base.pathname.replace(/\/+$/, '');
  const basic = `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`;
  const fapi = (bankId: string) => ({
    'x-fapi-financial-id': bankId,
    'x-fapi-interaction-id': crypto.randomUUID(),
    accept: 'application/json',
  });

  const call = callWithin(transport);

  const token = (budget: Budget, bankId: string, form: Record<string, string>) =>
    call(
      budget,
      {
        method: 'POST',
        path: '/token',
        headers: {
          ...fapi(bankId),
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      },
      [200],
      json(tokenSchema),
    );
  const clientToken = (budget: Budget, bankId: string) =>
    token(budget, bankId, { grant_type: 'client_credentials', scope: 'accounts' });

  /** A paging link as a path for the transport: only one under the aggregator's own address is followed. */
  function pathOf(link: string): string | null {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return null;
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return null;
    return `${url.pathname.slice(basePath.length)}${url.search}`;
  }

  async function transactionsOf(
    budget: Budget,
    headers: () => Record<string, string>,
    accountId: string,
    from: IsoDate,
  ): Promise<BankTransaction[] | Unavailable> {
    // OB: the bank ignores any zone on this filter and reads the day, which is the London day we mean.
    const query = new URLSearchParams({ fromBookingDateTime: `${from}T00:00:00` });
    let path = `/accounts/${encodeURIComponent(accountId)}/transactions?${query}`;
    const transactions: BankTransaction[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const answer = await call(
        budget,
        { method: 'GET', path, headers: headers() },
        [200],
        json(transactionsPageSchema),
      );
      if (isUnavailable(answer)) return answer;
      for (const tx of answer.Data.Transaction) {
        const mapped = toBankTransaction(tx, `${accountId}:${transactions.length + 1}`);
        if (!mapped) return noAnswer(OUTSIDE);
        transactions.push(mapped);
      }
      const next = answer.Links?.Next;
      if (!next) return transactions;
      const nextPath = pathOf(next);
      if (!nextPath) return noAnswer('a paging link outside the aggregator');
      path = nextPath;
    }
    return noAnswer(`more than ${maxPages} pages of transactions`);
  }

  return {
    async banks() {
      const budget = budgetOf(timeoutMs);
      const answer = await call(
        budget,
        { method: 'GET', path: '/banks', headers: { accept: 'application/json', authorization: basic } },
        [200],
        json(banksSchema),
      );
      if (isUnavailable(answer)) return answer;
      return { outcome: 'banks', banks: answer.Data.Bank.map((b) => ({ bankId: b.BankId, name: b.Name })) };
    },

    async createConsent(request) {
      const budget = budgetOf(timeoutMs);
      const access = await clientToken(budget, request.bankId);
      if (isUnavailable(access)) return access;
      const body = {
        Data: {
          Permissions: [...request.permissions],
          ExpirationDateTime: request.expiresAt,
          TransactionFromDateTime: londonMidnight(request.transactionsFrom),
        },
        Risk: {},
      };
      const consent = await call(
        budget,
        {
          method: 'POST',
          path: '/account-access-consents',
          headers: {
            ...fapi(request.bankId),
            authorization: `Bearer ${access.access_token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        },
        [200, 201],
        json(consentResponseSchema),
      );
      if (isUnavailable(consent)) return consent;
      // A consent just made that is anything but awaiting the applicant is not one we asked for.
      if (consent.Data.Status !== 'AwaitingAuthorisation') return noAnswer(OUTSIDE);
      return { outcome: 'consent', consentId: consent.Data.ConsentId };
    },

    authorisationUrl({ bankId, consentId, state, redirectUrl }) {
      const query = new URLSearchParams({
        client_id: clientId,
        bank_id: bankId,
        consent_id: consentId,
        state,
        redirect_uri: redirectUrl,
      });
      return `${base.origin}${basePath}/authorise?${query}`;
    },

    async exchangeCode({ bankId, code, redirectUrl }) {
      const budget = budgetOf(timeoutMs);
      const answer = await token(budget, bankId, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUrl,
      });
      return isUnavailable(answer) ? answer : { outcome: 'token', accessToken: answer.access_token };
    },

    async readAccounts({ bankId, accessToken, from }) {
      const budget = budgetOf(readTimeoutMs);
      const headers = () => ({ ...fapi(bankId), authorization: `Bearer ${accessToken}` });
      const get = <T>(path: string, schema: z.ZodType<T, unknown>) =>
        call(budget, { method: 'GET', path, headers: headers() }, [200], json(schema));
      const accounts = await get('/accounts', accountsSchema);
      if (isUnavailable(accounts)) return accounts;
      const read: BankAccountRead[] = [];
      // Only accounts in pounds: the port's money is pence (a currency account says nothing of UK rent).
      for (const account of accounts.Data.Account.filter((a) => a.Currency === 'GBP')) {
        const balances = await get(
          `/accounts/${encodeURIComponent(account.AccountId)}/balances`,
          balancesSchema,
        );
        if (isUnavailable(balances)) return balances;
        const balance = bookedBalance(balances.Data.Balance);
        const balancePence = signedPenceOf(balance.Amount, balance.CreditDebitIndicator);
        if (balancePence === null) return noAnswer(OUTSIDE);
        const transactions = await transactionsOf(budget, headers, account.AccountId, from);
        if (isUnavailable(transactions)) return transactions;
        read.push({
          accountId: account.AccountId,
          subType: account.AccountSubType,
          balancePence,
          transactions,
        });
      }
      return { outcome: 'read', accounts: read };
    },

    async revokeConsent({ bankId, consentId }) {
      const budget = budgetOf(timeoutMs);
      const access = await clientToken(budget, bankId);
      if (isUnavailable(access)) return access;
      return call(
        budget,
        {
          method: 'DELETE',
          path: `/account-access-consents/${encodeURIComponent(consentId)}`,
          headers: { ...fapi(bankId), authorization: `Bearer ${access.access_token}` },
        },
        [200, 204],
        () => ({ outcome: 'revoked' as const }),
      );
    },
  };
}
