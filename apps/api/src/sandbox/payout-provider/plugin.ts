import type { FastifyError, FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db';
import { registerPayments } from './payments-route';
import { payoutSandboxDb } from './tables';

export type PayoutProviderSandboxOptions = {
  /** The application's database: the sandbox reads and writes only its own table in it. */
  db: Db;
  /** The one key the lender calls with (`Authorization: Bearer ...`). */
  key: string;
};

const FAILURES: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

/**
 * A Faster Payments provider speaking the payout protocol, for paying out loans locally. It stands for
 * an outside service: it knows nothing of the lender's features, answers in its own shapes rather than
 * the lender's envelope, and keeps none of its routes in the API document.
 */
export async function payoutProviderSandbox(app: FastifyInstance, options: PayoutProviderSandboxOptions) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    const text = FAILURES[status];
    if (text) return reply.code(status).send({ error: text });
    req.log.error({ err }, 'payout-provider sandbox fault');
    return reply.code(500).send({ error: 'The payout provider had a fault.' });
  });
  registerPayments(app, { db: payoutSandboxDb(options.db), key: options.key });
}
