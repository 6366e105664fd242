import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIsoDate, londonToday } from '@lender/contract/dates';
import type { BankAccountRead } from '../../lib/open-banking/account-information';
import { sandboxNow } from './banks';
import { bearerToken } from './client-auth';
import { findConsent, isExpired, obError } from './consent-store';
import { obAccount, obBalances, obTransaction } from './ob-shapes';
import type { ObSandboxContext } from './plugin';
import { SANDBOX_BANK_CUSTOMERS, type SandboxBankCustomer } from './sandbox-customers';

/** Transactions per page: a 90-day statement of a busy account is a few pages, so paging is exercised. */
export const TRANSACTIONS_PAGE_SIZE = 100;

type Reader = { consent: NonNullable<Awaited<ReturnType<typeof findConsent>>>; accounts: BankAccountRead[] };

/**
 * The applicant's consent behind the access token, live and at the bank the header names, and the
 * accounts of the customer they chose. 401: no such token; 403: a consent revoked, rejected or expired.
 */
async function readerOf(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: ObSandboxContext,
): Promise<Reader | undefined> {
  const now = await sandboxNow(ctx);
  const token = await bearerToken(req, ctx, 'consent', null);
  const consent = token?.consent_id ? await findConsent(ctx, token.consent_id) : undefined;
  if (!consent) {
    await obError(reply, 401, 'UK.OBIE.Header.Invalid', 'The access token is not valid.');
    return undefined;
  }
  if (req.headers['x-fapi-financial-id'] !== consent.bank_id) {
    await obError(reply, 403, 'UK.OBIE.Header.Invalid', 'The consent is not at this bank.');
    return undefined;
  }
  if (consent.status !== 'Authorised' || isExpired(consent, now)) {
    const why = consent.status === 'Authorised' ? 'Expired' : consent.status;
    await obError(reply, 403, 'UK.OBIE.Resource.InvalidConsentStatus', `The consent is ${why}.`);
    return undefined;
  }
  // Authorised on the consent page always with a customer; 'empty' should a row ever say otherwise.
  const customer: SandboxBankCustomer = SANDBOX_BANK_CUSTOMERS.find((c) => c === consent.customer) ?? 'empty';
  return { consent, accounts: ctx.accounts(customer, await ctx.today()) };
}

/** GET /accounts, /accounts/{id}/balances and /accounts/{id}/transactions (newest first, paged). */
export function registerAccounts(app: FastifyInstance, ctx: ObSandboxContext) {
  const name = (i: number) => (i === 0 ? 'Everyday account' : `Account ${i + 1}`);
  const accountOf = async (req: FastifyRequest, reply: FastifyReply) => {
    const reader = await readerOf(req, reply, ctx);
    if (!reader) return undefined;
    const { accountId } = req.params as { accountId: string };
    const account = reader.accounts.find((a) => a.accountId === accountId);
    if (!account)
      await obError(reply, 404, 'UK.OBIE.Resource.NotFound', 'No such account under this consent.');
    return account ? { ...reader, account } : undefined;
  };

  app.get('/accounts', async (req, reply) => {
    const reader = await readerOf(req, reply, ctx);
    if (!reader) return reply;
    return {
      Data: { Account: reader.accounts.map((a, i) => obAccount(a, name(i))) },
      Links: { Self: `${ctx.baseUrl}/accounts` },
      Meta: { TotalPages: 1 },
    };
  });

  app.get('/accounts/:accountId/balances', async (req, reply) => {
    const found = await accountOf(req, reply);
    if (!found) return reply;
    return {
      Data: { Balance: obBalances(found.account, (await sandboxNow(ctx)).toISOString()) },
      Links: { Self: `${ctx.baseUrl}/accounts/${encodeURIComponent(found.account.accountId)}/balances` },
      Meta: { TotalPages: 1 },
    };
  });

  app.get('/accounts/:accountId/transactions', async (req, reply) => {
    const found = await accountOf(req, reply);
    if (!found) return reply;
    const query = req.query as { fromBookingDateTime?: string; page?: string };
    // OB: the time and any zone of fromBookingDateTime are the bank's to ignore; the day is what counts.
    const fromDay = query.fromBookingDateTime?.slice(0, 10);
    if (fromDay !== undefined && !isIsoDate(fromDay)) {
      return obError(reply, 400, 'UK.OBIE.Field.Invalid', 'fromBookingDateTime is not a date.');
    }
    const page = query.page === undefined ? 1 : Number(query.page);
    if (!Number.isInteger(page) || page < 1)
      return obError(reply, 400, 'UK.OBIE.Field.Invalid', 'page is not a page.');
    const consentFrom = found.consent.transactions_from
      ? londonToday(new Date(found.consent.transactions_from))
      : '';
    const from = fromDay && fromDay > consentFrom ? fromDay : consentFrom;
    // Newest first: by day, and within a day the statement's later entries (it is printed oldest first) first.
    const listed = found.account.transactions
      .map((tx, i) => ({ tx, i }))
      .filter(({ tx }) => tx.bookedOn >= from)
      .sort((a, b) => (a.tx.bookedOn === b.tx.bookedOn ? b.i - a.i : a.tx.bookedOn < b.tx.bookedOn ? 1 : -1))
      .map(({ tx }) => tx);
    const totalPages = Math.max(1, Math.ceil(listed.length / TRANSACTIONS_PAGE_SIZE));
    const pageUrl = (n: number) => {
      const params = new URLSearchParams();
      if (query.fromBookingDateTime) params.set('fromBookingDateTime', query.fromBookingDateTime);
      params.set('page', String(n));
      return `${ctx.baseUrl}/accounts/${encodeURIComponent(found.account.accountId)}/transactions?${params}`;
    };
    const onPage = listed.slice((page - 1) * TRANSACTIONS_PAGE_SIZE, page * TRANSACTIONS_PAGE_SIZE);
    return {
      Data: { Transaction: onPage.map((tx) => obTransaction(found.account.accountId, tx)) },
      Links: { Self: pageUrl(page), ...(page < totalPages ? { Next: pageUrl(page + 1) } : {}) },
      Meta: { TotalPages: totalPages },
    };
  });
}
