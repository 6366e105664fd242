import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { isDev } from '../config';
import { cardSandboxTransport, registerCardProviderSandbox } from '../sandbox/card-provider/register-sandbox';
import { registerCreditReferenceSandbox } from '../sandbox/credit-reference/register-sandbox';
import { obSandboxBaseUrl, registerOpenBankingSandbox } from '../sandbox/open-banking/register-sandbox';
import { registerPayoutProviderSandbox } from '../sandbox/payout-provider/register-sandbox';
import type { CardProvider } from './card-provider/card-provider';
import { createCardProvider } from './card-provider/create-card-provider';
import { createCreditReferenceAgency } from './credit-reference/create-credit-reference-agency';
import type { CreditReferenceAgency } from './credit-reference/credit-reference-agency';
import type { AccountInformation } from './open-banking/account-information';
import { createAccountInformation, openBankingRedirectUrl } from './open-banking/create-account-information';
import type { PayoutProvider } from './payout-provider/payout-provider';
import { createPayoutProvider } from './payout-provider/create-payout-provider';

export type OutsideServices = {
  cardProvider: CardProvider;
  payoutProvider: PayoutProvider;
  creditReference: CreditReferenceAgency;
  accountInformation: AccountInformation;
};

/** Serves the built-in sandboxes on `app` (never in production, which has its own providers). */
export async function registerSandboxes(app: FastifyInstance, ctx: AppContext) {
  if (!isDev(ctx.config)) return;
  await registerCardProviderSandbox(app, ctx);
  await registerPayoutProviderSandbox(app, { db: ctx.db, key: ctx.config.PAYOUT_PROVIDER_KEY });
  await registerCreditReferenceSandbox(app, {
    db: ctx.db,
    key: ctx.config.CRA_KEY,
    today: () => ctx.businessDate.refresh(),
  });
  await registerOpenBankingSandbox(app, {
    db: ctx.db,
    clientId: ctx.config.OPEN_BANKING_CLIENT_ID,
    clientSecret: ctx.config.OPEN_BANKING_CLIENT_SECRET,
    redirectUrl: openBankingRedirectUrl(ctx.config),
    baseUrl: obSandboxBaseUrl(ctx.config),
    today: () => ctx.businessDate.refresh(),
  });
}

/**
 * The providers money moves through, the credit reference agency and the open banking aggregator: the
 * configured ones, or the sandboxes `app` serves.
 */
export const outsideServices = (ctx: AppContext, app: FastifyInstance): OutsideServices => ({
  cardProvider: createCardProvider(ctx.config, () => cardSandboxTransport(ctx)),
  payoutProvider: createPayoutProvider(
    { url: ctx.config.PAYOUT_PROVIDER_URL, key: ctx.config.PAYOUT_PROVIDER_KEY },
    app,
  ),
  creditReference: createCreditReferenceAgency({ url: ctx.config.CRA_URL, key: ctx.config.CRA_KEY }, app),
  accountInformation: createAccountInformation(ctx.config, app),
});

/**
 * For a process without the server (the ops commands): the same providers, the sandboxes served by a
 * Fastify of their own that never listens, spoken to in process. Close it when done.
 */
export async function standaloneOutsideServices(ctx: AppContext) {
  const host = Fastify({ logger: false });
  await registerSandboxes(host, ctx);
  await host.ready();
  return { ...outsideServices(ctx, host), close: () => host.close() };
}
