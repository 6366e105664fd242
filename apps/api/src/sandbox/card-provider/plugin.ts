import type { FastifyError, FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db';
import { registerChallenge } from './challenge-route';
import { registerFingerprint } from './fingerprint-route';
import { acceptFormBodiesOnly } from './form-body';
import { PROTOCOL_FAILURES, SANDBOX_FAULT, serveMerchantCall } from './merchant-call';
import { merchantCalls } from './merchant-calls';
import type { SandboxContext } from './sandbox-context';
import { sandboxDb } from './tables';
import { SLOW_FINGERPRINT_MS } from './test-cards';
import { registerTokenise } from './tokenise-route';

export type CardProviderSandboxOptions = Omit<SandboxContext, 'db' | 'slowFingerprintMs'> & {
  /** The application's database: the sandbox reads and writes only its own tables in it. */
  db: Db;
  slowFingerprintMs?: number;
};

/** What every route of the sandbox is given, from its options. */
export const sandboxContext = (options: CardProviderSandboxOptions): SandboxContext => ({
  ...options,
  db: sandboxDb(options.db),
  slowFingerprintMs: options.slowFingerprintMs ?? SLOW_FINGERPRINT_MS,
});

/**
 * A card payment provider that speaks the protocol of docs/decisions/014, for running the whole card
 * check locally. It stands for an outside service: it knows nothing of the lender's features, answers
 * in its own shapes rather than the lender's envelope, and keeps none of its routes in the API document.
 */
export async function cardProviderSandbox(app: FastifyInstance, options: CardProviderSandboxOptions) {
  const ctx = sandboxContext(options);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    const text = PROTOCOL_FAILURES[status];
    if (text) return reply.code(status).send({ error: text });
    req.log.error({ err }, 'card-provider sandbox fault');
    return reply.code(500).send({ error: SANDBOX_FAULT });
  });

  // What the browser posts (forms) and what the merchant's server calls (JSON) are read apart.
  await app.register(async (browser) => {
    acceptFormBodiesOnly(browser);
    registerTokenise(browser, ctx);
    registerFingerprint(browser, ctx);
    registerChallenge(browser, ctx);
  });
  await app.register(async (server) => {
    for (const [path, call] of Object.entries(merchantCalls(ctx))) serveMerchantCall(server, path, call);
  });
}
