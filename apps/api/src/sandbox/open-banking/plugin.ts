import type { FastifyError, FastifyInstance } from 'fastify';
import type { IsoDate } from '@lender/contract/dates';
import type { Db } from '../../db/create-db';
import type { BankAccountRead } from '../../lib/open-banking/account-information';
import { registerAccounts } from './accounts-route';
import { registerAuthorise } from './authorise-route';
import { FAILING_BANK, SANDBOX_BANKS } from './banks';
import { isTheClient } from './client-auth';
import { obError } from './consent-store';
import { registerConsents } from './consents-route';
import { sandboxAccounts, type SandboxBankCustomer } from './sandbox-customers';
import { obSandboxDb, type ObSandboxDb } from './tables';
import { registerToken } from './token-route';

export type OpenBankingSandboxOptions = {
  /** The application's database: the sandbox reads and writes only its own tables in it. */
  db: Db;
  /** The one client it knows (the lender), authenticated with HTTP Basic on /token and /banks. */
  clientId: string;
  clientSecret: string;
  /** The lender's registered redirect: the only place the consent page sends the applicant back to. */
  redirectUrl: string;
  /** The sandbox's address as the browser reaches it and as its paging links name it. */
  baseUrl: string;
  /** The lender's business date: statements run up to it, and consents expire by it. */
  today: () => Promise<IsoDate>;
  /** The real clock; tests move it. */
  now?: () => Date;
  /** Each customer's accounts (sandbox-customers.ts); tests give statements of their own. */
  accounts?: (customer: SandboxBankCustomer, today: IsoDate) => BankAccountRead[];
};

export type ObSandboxContext = Required<Omit<OpenBankingSandboxOptions, 'db'>> & { db: ObSandboxDb };

/** Far above what a token request or the consent form needs. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024;

const FAILURES: Record<number, [string, string]> = {
  400: ['UK.OBIE.Field.Invalid', 'The request could not be read.'],
  413: ['UK.OBIE.Field.Invalid', 'The request body is too large.'],
  415: ['UK.OBIE.Header.Invalid', 'Unsupported content type.'],
};

/** The bank a request names: the FAPI header on API calls, `bank_id` on the consent page. */
function bankNamed(req: { headers: Record<string, unknown>; query: unknown }): unknown {
  return req.headers['x-fapi-financial-id'] ?? (req.query as { bank_id?: unknown } | undefined)?.bank_id;
}

/**
 * An open banking aggregator speaking UK Open Banking Read/Write API v3.1 account information, with two
 * banks, for connecting a bank account locally. It stands for an outside service: it knows nothing of
 * the lender's features, answers in the standard's shapes, and keeps none of its routes in the API
 * document. Tokens and codes are kept only as hashes; nothing it serves is logged.
 */
export async function openBankingSandbox(app: FastifyInstance, options: OpenBankingSandboxOptions) {
  const ctx: ObSandboxContext = {
    ...options,
    db: obSandboxDb(options.db),
    now: options.now ?? (() => new Date()),
    accounts: options.accounts ?? sandboxAccounts,
  };
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // The failing bank is down for everything, before any credential or body is looked at.
  app.addHook('onRequest', async (req, reply) => {
    if (bankNamed(req) === FAILING_BANK.bankId) {
      await obError(reply, 503, 'UK.OBIE.UnexpectedError', `${FAILING_BANK.name} is not answering.`);
    }
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    const failure = FAILURES[status];
    if (failure) return obError(reply, status, ...failure);
    req.log.error({ err }, 'open-banking sandbox fault');
    return obError(reply, 500, 'UK.OBIE.UnexpectedError', 'The bank had a fault.');
  });

  // The aggregator's own list (not an OB call): `Data.Bank[]`, each BankId the x-fapi-financial-id value.
  app.get('/banks', async (req, reply) => {
    if (!isTheClient(req, ctx)) return obError(reply, 401, 'UK.OBIE.Header.Invalid', 'Unknown client.');
    return { Data: { Bank: SANDBOX_BANKS.map((b) => ({ BankId: b.bankId, Name: b.name })) } };
  });
  registerToken(app, ctx);
  registerConsents(app, ctx);
  registerAuthorise(app, ctx);
  registerAccounts(app, ctx);
}
