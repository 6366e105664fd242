import { serveSandboxStyles } from '../sandbox-page';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { randomToken, sha256 } from '../../lib/secrets';
import { consentPage, noConsentPage } from './authorise-page';
import { CODE_LIFETIME_MS, SANDBOX_BANK, sandboxNow } from './banks';
import { findConsent, isExpired, setConsentStatus, type ConsentRow } from './consent-store';
import { sendPage } from './pages';
import type { ObSandboxContext } from './plugin';
import { SANDBOX_BANK_CUSTOMERS } from './sandbox-customers';

const param = (max: number) => z.string().min(1).max(max);
const requestSchema = z.object({
  client_id: param(200),
  bank_id: param(40),
  consent_id: param(64),
  state: param(500),
  redirect_uri: param(2048),
});
const answerSchema = requestSchema.extend({
  decision: z.enum(['approve', 'deny']),
  customer: z.enum(SANDBOX_BANK_CUSTOMERS).optional(),
});
type AuthoriseRequest = z.infer<typeof requestSchema>;

/** The lender's registered redirect with the answer in its query. */
function back(redirectUri: string, answer: Record<string, string>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(answer)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * GET /authorise shows the consent page for a consent awaiting the applicant; POST answers it. Only the
 * registered client and its registered redirect are served (anything else gets a page, never a
 * redirect: no open redirect). Approve authorises the consent for the chosen customer and sends back a
 * single-use code; Deny rejects it and sends back `error=access_denied`. `state` goes back as it came.
 */
export function registerAuthorise(app: FastifyInstance, ctx: ObSandboxContext) {
  serveSandboxStyles(app, '/bank.css', new URL('./bank.css', import.meta.url));

  // The form's answer redirects to the lender: the policy's form-action must allow that origin too.
  const redirectOrigin = new URL(ctx.redirectUrl).origin;
  const sendPageOf = (reply: FastifyReply, status: number, html: string) =>
    sendPage(reply, status, html, [redirectOrigin]);

  /** The consent a request answers, awaiting the applicant; undefined when the page says why not. */
  async function awaiting(req: AuthoriseRequest, reply: FastifyReply): Promise<ConsentRow | undefined> {
    if (
      req.client_id !== ctx.clientId ||
      req.redirect_uri !== ctx.redirectUrl ||
      req.bank_id !== SANDBOX_BANK.bankId
    ) {
      await sendPageOf(reply, 400, noConsentPage('unknown'));
      return undefined;
    }
    const consent = await findConsent(ctx, req.consent_id);
    if (!consent || consent.bank_id !== req.bank_id) {
      await sendPageOf(reply, 404, noConsentPage('unknown'));
      return undefined;
    }
    if (consent.status !== 'AwaitingAuthorisation' || isExpired(consent, await sandboxNow(ctx))) {
      await sendPageOf(reply, 409, noConsentPage('answered'));
      return undefined;
    }
    return consent;
  }
  const pageFor = (req: AuthoriseRequest, consent: ConsentRow, error = false) =>
    consentPage(
      {
        bankName: SANDBOX_BANK.name,
        clientId: req.client_id,
        bankId: req.bank_id,
        consentId: req.consent_id,
        state: req.state,
        redirectUri: req.redirect_uri,
        permissions: JSON.parse(consent.permissions) as string[],
        expiresAt: consent.expires_at,
        transactionsFrom: consent.transactions_from,
      },
      error,
    );

  app.get('/authorise', async (req, reply) => {
    const parsed = requestSchema.safeParse(req.query);
    if (!parsed.success) return sendPageOf(reply, 400, noConsentPage('unknown'));
    const consent = await awaiting(parsed.data, reply);
    if (!consent) return reply;
    return sendPageOf(reply, 200, pageFor(parsed.data, consent));
  });

  app.post('/authorise', async (req, reply) => {
    const parsed = answerSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendPageOf(reply, 400, noConsentPage('unknown'));
    const answer = parsed.data;
    const consent = await awaiting(answer, reply);
    if (!consent) return reply;
    const now = await sandboxNow(ctx);
    if (answer.decision === 'deny') {
      await setConsentStatus(ctx, consent.consent_id, 'Rejected', now, { from: 'AwaitingAuthorisation' });
      return reply.redirect(back(answer.redirect_uri, { error: 'access_denied', state: answer.state }), 303);
    }
    if (!answer.customer) return sendPageOf(reply, 400, pageFor(answer, consent, true));
    // Of two answers racing (a double click), the first one stands; the second finds nothing awaiting.
    const authorised = await setConsentStatus(ctx, consent.consent_id, 'Authorised', now, {
      from: 'AwaitingAuthorisation',
      customer: answer.customer,
    });
    if (!authorised) return sendPageOf(reply, 409, noConsentPage('answered'));
    const code = randomToken();
    await ctx.db
      .insertInto('ob_sandbox_codes')
      .values({
        code_hash: sha256(code),
        consent_id: consent.consent_id,
        redirect_uri: answer.redirect_uri,
        expires_at: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return reply.redirect(back(answer.redirect_uri, { code, state: answer.state }), 303);
  });
}
