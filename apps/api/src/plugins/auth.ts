import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config';
import { verifyHs256 } from '../lib/hs256-jwt';
import type { SessionStore } from '../lib/sessions/session-store';

/** Who is calling: the customer, and the session family (sign-in) their token belongs to. */
export type Session = { customerId: number; familyId: number };

/** About one token per customer signed in within a token's lifetime; beyond it the oldest is re-checked. */
export const VERIFIED_TOKENS_KEPT = 10_000;

type Verified = { session: Session; expiresAt: number };

/**
 * Access tokens that passed the full check, per configuration (so per secret). A client sends the same
 * token with every call until it expires, and checking it again (HMAC, base64, two JSON parses) was a
 * tenth of a signed-in call under load (bench/README.md). Only a token that passed with this secret is
 * kept, under its exact text (signature included); its expiry is still checked on every use; a forged,
 * altered or unknown token always takes the full check.
 */
const verifiedTokens = new WeakMap<Config, Map<string, Verified>>();

export function verifyAccessToken(
  config: Config,
  token: string,
  nowSeconds = Date.now() / 1000,
): Session | null {
  let verified = verifiedTokens.get(config);
  if (!verified) verifiedTokens.set(config, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > nowSeconds) return known.session;
    verified.delete(token);
    return null;
  }
  const payload = verifyHs256(token, config.JWT_SECRET, nowSeconds);
  const customerId = Number(payload?.sub);
  const familyId = payload?.sid;
  if (!payload || payload.typ !== 'access' || !Number.isInteger(customerId) || customerId < 1) return null;
  // A token from before session families (issue 12) has none: it is refused and the client refreshes.
  if (typeof familyId !== 'number' || !Number.isInteger(familyId) || familyId < 1) return null;
  // Shared by every request that presents this token: frozen, so no handler can change another's session.
  const session = Object.freeze({ customerId, familyId });
  // Maps keep insertion order: the first key is the oldest entry.
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, { session, expiresAt: payload.exp as number });
  return session;
}

const unauthorized = (reply: FastifyReply) => {
  reply.code(401).send(refuse(Refusal.unauthorized));
};

/**
 * onRequest hook of session calls: a missing, expired or forged token, or one whose session has ended
 * (signed out, reused refresh token, maintenance), answers 401 in the envelope. A callback hook: a token
 * seen before whose family this process checked lately passes without a promise or a read, which was a
 * share of every signed-in call (bench/README.md).
 */
export function requireSession(config: Config, sessions: Pick<SessionStore, 'isLive' | 'knownLiveness'>) {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const session = token ? verifyAccessToken(config, token) : null;
    if (!session) return unauthorized(reply);
    const pass = (live: boolean) => {
      if (!live) return unauthorized(reply);
      req.session = session;
      done();
    };
    const known = sessions.knownLiveness(session.familyId);
    if (known !== undefined) return pass(known);
    sessions.isLive(session.familyId).then(pass, done);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}
