import { ErrorId, fail } from '@lender/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import type { Transaction } from 'kysely';
import type { Db } from '../db/create-db';
import type { Database } from '../db/schema';
import { nowIso, plusSeconds } from '../lib/clock';
import { randomToken, sha256 } from '../lib/secrets';

export type Session = { customerId: number };

const keyFor = (config: Config) => new TextEncoder().encode(config.JWT_SECRET);

/** A short-lived access token (JWT, HS256) and a long-lived refresh token stored only as its hash. */
export async function issueTokens(db: Db | Transaction<Database>, config: Config, customerId: number) {
  const token = await new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customerId))
    .setIssuedAt()
    .setExpirationTime(`${config.ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keyFor(config));
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
  try {
    const { payload } = await jwtVerify(token, keyFor(config), { algorithms: ['HS256'] });
    const customerId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(customerId) || customerId < 1) return null;
    return { customerId };
  } catch {
    return null;
  }
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
