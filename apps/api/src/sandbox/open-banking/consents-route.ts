import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SANDBOX_BANK, sandboxNow } from './banks';
import { bearerToken } from './client-auth';
import { consentAnswer, findConsent, obError, setConsentStatus } from './consent-store';
import type { ObSandboxContext } from './plugin';

/** Far above what an OBReadConsent1 needs. */
const BODY_LIMIT_BYTES = 8 * 1024;
/** The longest consent the bank gives before the applicant must confirm again (with a day's leeway). */
const MAX_CONSENT_MS = 91 * 24 * 60 * 60_000;

/** The account and transaction permissions this bank serves; others (direct debits, statements...) it refuses. */
const PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsBasic',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
] as const;

const dateTime = z.iso.datetime({ offset: true });
const consentSchema = z.object({
  Data: z.object({
    Permissions: z.array(z.enum(PERMISSIONS)).min(1).max(PERMISSIONS.length),
    ExpirationDateTime: dateTime,
    TransactionFromDateTime: dateTime.optional(),
  }),
  Risk: z.object({}).loose(),
});

/**
 * Consents are the client's, with a client-credentials token, at the bank the FAPI header names (the
 * failing bank never gets this far). Undefined when refused (the answer is sent).
 */
async function clientAt(req: FastifyRequest, reply: FastifyReply, ctx: ObSandboxContext) {
  const now = await sandboxNow(ctx);
  if (!(await bearerToken(req, ctx, 'client', now))) {
    await obError(reply, 401, 'UK.OBIE.Header.Invalid', 'The access token is not valid.');
    return undefined;
  }
  if (req.headers['x-fapi-financial-id'] !== SANDBOX_BANK.bankId) {
    await obError(reply, 400, 'UK.OBIE.Header.Invalid', 'x-fapi-financial-id names no bank here.');
    return undefined;
  }
  return now;
}

/**
 * POST /account-access-consents (OBReadConsent1 -> 201 OBReadConsentResponse1, AwaitingAuthorisation),
 * GET one back, and DELETE (204): revoked for good, its access tokens withdrawn.
 */
export function registerConsents(app: FastifyInstance, ctx: ObSandboxContext) {
  const selfUrl = (consentId: string) =>
    `${ctx.baseUrl}/account-access-consents/${encodeURIComponent(consentId)}`;

  app.post('/account-access-consents', { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
    const now = await clientAt(req, reply, ctx);
    if (!now) return reply;
    const parsed = consentSchema.safeParse(req.body);
    if (!parsed.success)
      return obError(reply, 400, 'UK.OBIE.Field.Invalid', 'The consent does not fit OBReadConsent1.');
    const { Permissions, ExpirationDateTime, TransactionFromDateTime } = parsed.data.Data;
    const expiresAt = new Date(ExpirationDateTime);
    if (expiresAt <= now || expiresAt.getTime() - now.getTime() > MAX_CONSENT_MS) {
      return obError(
        reply,
        400,
        'UK.OBIE.Field.Invalid',
        'ExpirationDateTime must be within the next 90 days.',
      );
    }
    const consentId = `obc-${crypto.randomUUID()}`;
    const at = now.toISOString();
    const consent = {
      consent_id: consentId,
      client_id: ctx.clientId,
      bank_id: SANDBOX_BANK.bankId,
      status: 'AwaitingAuthorisation' as const,
      permissions: JSON.stringify([...new Set(Permissions)]),
      expires_at: expiresAt.toISOString(),
      transactions_from: TransactionFromDateTime ? new Date(TransactionFromDateTime).toISOString() : null,
      customer: null,
      created_at: at,
      status_updated_at: at,
    };
    await ctx.db.insertInto('ob_sandbox_consents').values(consent).execute();
    return reply.code(201).send(consentAnswer(consent, selfUrl(consentId)));
  });

  app.get('/account-access-consents/:consentId', async (req, reply) => {
    if (!(await clientAt(req, reply, ctx))) return reply;
    const { consentId } = req.params as { consentId: string };
    const consent = await findConsent(ctx, consentId);
    if (!consent) return obError(reply, 404, 'UK.OBIE.Resource.NotFound', 'No such consent.');
    return consentAnswer(consent, selfUrl(consentId));
  });

  app.delete('/account-access-consents/:consentId', async (req, reply) => {
    const now = await clientAt(req, reply, ctx);
    if (!now) return reply;
    const { consentId } = req.params as { consentId: string };
    if (!(await findConsent(ctx, consentId))) {
      return obError(reply, 404, 'UK.OBIE.Resource.NotFound', 'No such consent.');
    }
    await setConsentStatus(ctx, consentId, 'Revoked', now);
    await ctx.db.deleteFrom('ob_sandbox_tokens').where('consent_id', '=', consentId).execute();
    return reply.code(204).send();
  });
}
