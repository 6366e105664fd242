import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sha256 } from '../../lib/secrets';
import { CLIENT_TOKEN_LIFETIME_MS, sandboxNow } from './banks';
import { issueToken, isTheClient } from './client-auth';
import { findConsent, isExpired } from './consent-store';
import type { ObSandboxContext } from './plugin';

const field = z.string().min(1).max(2048);
const grantSchema = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('client_credentials'), scope: z.string().max(200).optional() }),
  z.object({ grant_type: z.literal('authorization_code'), code: field, redirect_uri: field }),
]);

/** RFC 6749 §5.2's error answer; never cached, as no token answer is. */
const oauthError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error });

const tokenAnswer = (reply: FastifyReply, token: string, expiresAt: Date, now: Date, scope: string) =>
  reply
    .code(200)
    .header('cache-control', 'no-store')
    .send({
      access_token: token,
      token_type: 'Bearer',
      expires_in: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
      scope,
    });

/**
 * POST /token (form body, client_secret_basic): client credentials for making and revoking consents,
 * or an authorisation code exchanged, once, within its five minutes, with the redirect it was sent to,
 * for an access token as long-lived as the consent.
 */
export function registerToken(app: FastifyInstance, ctx: ObSandboxContext) {
  app.post('/token', async (req, reply) => {
    if (!isTheClient(req, ctx)) {
      return oauthError(reply.header('www-authenticate', 'Basic realm="sandbox"'), 401, 'invalid_client');
    }
    // RFC 6749 §4.1.3: the token request is a form, whatever else the bank's parsers read.
    const isForm = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const grant = grantSchema.safeParse(isForm ? req.body : undefined);
    if (!grant.success) return oauthError(reply, 400, 'invalid_request');
    const now = await sandboxNow(ctx);

    if (grant.data.grant_type === 'client_credentials') {
      if (!(grant.data.scope ?? '').split(' ').includes('accounts'))
        return oauthError(reply, 400, 'invalid_scope');
      const expiresAt = new Date(now.getTime() + CLIENT_TOKEN_LIFETIME_MS);
      const token = await issueToken(ctx, { kind: 'client', consentId: null, expiresAt, now });
      return tokenAnswer(reply, token, expiresAt, now, 'accounts');
    }

    const codeHash = sha256(grant.data.code);
    const code = await ctx.db
      .selectFrom('ob_sandbox_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!code || code.expires_at <= now.toISOString() || code.redirect_uri !== grant.data.redirect_uri) {
      return oauthError(reply, 400, 'invalid_grant');
    }
    // Used once: of two exchanges racing, only the one whose update lands gets a token.
    const claimed = await ctx.db
      .updateTable('ob_sandbox_codes')
      .set({ used_at: now.toISOString() })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      // A code offered again may have been stolen: the tokens it gave are withdrawn (RFC 6749 §4.1.2).
      await ctx.db.deleteFrom('ob_sandbox_tokens').where('consent_id', '=', code.consent_id).execute();
      return oauthError(reply, 400, 'invalid_grant');
    }
    const consent = await findConsent(ctx, code.consent_id);
    const bank = req.headers['x-fapi-financial-id'];
    if (
      !consent ||
      consent.status !== 'Authorised' ||
      isExpired(consent, now) ||
      (bank !== undefined && bank !== consent.bank_id)
    ) {
      return oauthError(reply, 400, 'invalid_grant');
    }
    const expiresAt = new Date(consent.expires_at);
    const token = await issueToken(ctx, { kind: 'consent', consentId: consent.consent_id, expiresAt, now });
    return tokenAnswer(reply, token, expiresAt, now, 'accounts');
  });
}
