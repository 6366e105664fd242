import { ErrorId, fail } from '@lender/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Transaction } from 'kysely';
import type { Db } from '../db/create-db';
import type { Database } from '../db/schema';
import { nowIso, plusSeconds } from '../lib/clock';
import { signHs256, verifyHs256 } from '../lib/hs256-jwt';
import { randomToken, sha256 } from '../lib/secrets';

export type Session = { customerId: number };

/** A short-lived access token (JWT, HS256) and a long-lived refresh token stored only as its hash. */
export async function issueTokens(db: Db | Transaction<Database>, config: Config, customerId: number) {
  const iat = Math.floor(Date.now() / 1000);
  const token = signHs256(
    { typ: 'access', sub: String(customerId), iat, exp: iat + config.ACCESS_TOKEN_TTL_SECONDS },
    config.JWT_SECRET,
  );
  const refreshToken = randomToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      customer_id: customerId,
      token_hash: sha256(refreshToken),
      expires_at: plusSeconds(config.REFRESH_TOKEN_TTL_DAYS * 86_400),
      revoked_at: null,
      created_at: nowIso(),
    })
    .execute();
  return { token, refreshToken };
}

export async function verifyAccessToken(config: Config, token: string): Promise<Session | null> {
  const payload = verifyHs256(token, config.JWT_SECRET);
  const customerId = Number(payload?.sub);
  if (payload?.typ !== 'access' || !Number.isInteger(customerId) || customerId < 1) return null;
  return { customerId };
}

/** onRequest hook of session calls: a missing, expired or forged token answers 401 in the envelope. */
export function requireSession(config: Config) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const session = token ? await verifyAccessToken(config, token) : null;
    if (!session) return reply.code(401).send(fail(ErrorId.unauthorized, 'Unauthorized.'));
    req.session = session;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}
