import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../../lib/secrets';
import type { ObSandboxContext } from './plugin';
import type { ObSandboxTokenTable } from './tables';

/** Equal-length digests, so the comparison takes the same time however much of a guess is right. */
const same = (given: string, expected: string) =>
  crypto.timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));

const formDecode = (value: string) => new URLSearchParams(`v=${value}`).get('v') ?? '';

/** client_secret_basic (RFC 6749 §2.3.1): the id and secret form-encoded, then Basic. */
export function isTheClient(req: FastifyRequest, ctx: ObSandboxContext): boolean {
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const idOk = same(formDecode(decoded.slice(0, colon)), ctx.clientId);
  const secretOk = same(formDecode(decoded.slice(colon + 1)), ctx.clientSecret);
  return idOk && secretOk;
}

/** A new opaque token, stored as its hash only; the token itself is answered once. */
export async function issueToken(
  ctx: ObSandboxContext,
  token: { kind: ObSandboxTokenTable['kind']; consentId: string | null; expiresAt: Date; now: Date },
): Promise<string> {
  const value = randomToken();
  await ctx.db
    .insertInto('ob_sandbox_tokens')
    .values({
      token_hash: sha256(value),
      kind: token.kind,
      client_id: ctx.clientId,
      consent_id: token.consentId,
      expires_at: token.expiresAt.toISOString(),
      created_at: token.now.toISOString(),
    })
    .execute();
  return value;
}

/**
 * The token of `kind` the request bears (`Authorization: Bearer ...`), or undefined; live at `now`
 * unless `now` is null (an applicant's token lasts as long as its consent, whose expiry is a 403 of
 * its own, not an unknown token's 401).
 */
export async function bearerToken(
  req: FastifyRequest,
  ctx: ObSandboxContext,
  kind: ObSandboxTokenTable['kind'],
  now: Date | null,
) {
  const given = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!given) return undefined;
  const row = await ctx.db
    .selectFrom('ob_sandbox_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(given))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row && (now === null || row.expires_at > now.toISOString()) ? row : undefined;
}
