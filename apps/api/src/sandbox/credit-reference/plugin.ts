import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { IsoDate } from '@lender/contract/dates';
import type { Db } from '../../db/create-db';
import { sha256 } from '../../lib/secrets';
import { registerMonthly } from './monthly-route';
import { registerRecords } from './records-route';
import { registerSearches } from './searches-route';
import { craSandboxDb, type CraSandboxDb } from './tables';

export type CreditReferenceSandboxOptions = {
  /** The application's database: the sandbox reads and writes only its own tables in it. */
  db: Db;
  /** The one key the lender calls with (`Authorization: Bearer ...`). */
  key: string;
  /** The lender's business date: the files' dates are counted back from it. */
  today: () => Promise<IsoDate>;
  /** How long `Slowpoke` goes unanswered: longer than the adapter waits (tests shorten it). */
  slowpokeMs?: number;
};

export type CraSandboxContext = {
  db: CraSandboxDb;
  today: () => Promise<IsoDate>;
  slowpokeMs: number;
};

/** Longer than the adapter's 5 s: the lender gives up first, as with an agency that does not answer. */
export const SLOWPOKE_MS = 6_000;

const FAILURES: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

/** Equal-length digests, so the comparison takes the same time however much of a guess is right. */
function isTheKey(authorization: string | undefined, key: string) {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) return false;
  return crypto.timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(key), 'hex'));
}

/**
 * A credit reference agency speaking docs/credit-reference-protocol.md, for searching and sharing
 * locally. It stands for an outside service: it knows nothing of the lender's features, answers in its
 * own shapes rather than the lender's envelope, and keeps none of its routes in the API document.
 */
export async function creditReferenceSandbox(app: FastifyInstance, options: CreditReferenceSandboxOptions) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Every call needs the lender's key, before its body is read.
  app.addHook('onRequest', async (req, reply) => {
    if (!isTheKey(req.headers.authorization, options.key)) {
      await reply.code(401).send({ error: 'The key is not valid.' });
    }
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    const text = FAILURES[status];
    if (text) return reply.code(status).send({ error: text });
    req.log.error({ err }, 'credit-reference sandbox fault');
    return reply.code(500).send({ error: 'The credit reference agency had a fault.' });
  });
  const ctx: CraSandboxContext = {
    db: craSandboxDb(options.db),
    today: options.today,
    slowpokeMs: options.slowpokeMs ?? SLOWPOKE_MS,
  };
  registerSearches(app, ctx);
  registerRecords(app, ctx);
  registerMonthly(app, ctx);
}
