import { calls, callPath, type CallDef, type CallName } from '@lender/contract/api-calls';
import {
  envelopeSchema,
  ErrorId,
  fail,
  NOT_IMPLEMENTED_MESSAGE,
  type Envelope,
} from '@lender/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import { requireSession, type Session } from './auth';

type Def<N extends CallName> = (typeof calls)[N];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type CallContext<N extends CallName> = {
  body: Out<Def<N> extends { body: infer B } ? B : undefined>;
  query: Out<Def<N> extends { query: infer Q } ? Q : undefined>;
  session: Def<N>['auth'] extends 'session' ? Session : Session | null;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Handler<N extends CallName> = (
  ctx: CallContext<N>,
) => Promise<Envelope<z.output<Def<N>['response']>> | Envelope<never>>;

const registered = new WeakMap<FastifyInstance, Set<CallName>>();

function addRoute(
  app: FastifyInstance,
  ctx: AppContext,
  name: CallName,
  handler: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const def: CallDef = calls[name];
  app.route({
    method: def.method,
    url: callPath(def),
    schema: {
      tags: [def.controller],
      operationId: `${def.controller}_${def.action}`,
      ...(def.auth === 'session' ? { security: [{ bearer: [] }] } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: { 200: envelopeSchema(def.response) },
    },
    // onRequest, not preHandler: a request without a valid token answers 401 before its body is read or
    // validated, so an anonymous caller never gets field messages (or a 400 in place of the 401).
    ...(def.auth === 'session' ? { onRequest: requireSession(ctx.config) } : {}),
    handler,
  });
  const set = registered.get(app) ?? new Set<CallName>();
  set.add(name);
  registered.set(app, set);
}

/** Registers one call of the contract with its schemas, its auth rule and the envelope. */
export function handle<N extends CallName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: Handler<N>,
) {
  addRoute(app, ctx, name, (req, reply) =>
    handler({ body: req.body, query: req.query, session: req.session, req, reply } as CallContext<N>),
  );
}

/**
 * Every call a later issue implements still exists, validates its input and checks its token, then
 * answers 501 with a non-zero errorID: never a fake success.
 */
export function registerNotImplemented(app: FastifyInstance, ctx: AppContext) {
  const done = registered.get(app) ?? new Set<CallName>();
  for (const name of Object.keys(calls) as CallName[]) {
    if (done.has(name)) continue;
    addRoute(app, ctx, name, async (_req, reply) =>
      reply.code(501).send(fail(ErrorId.notImplemented, NOT_IMPLEMENTED_MESSAGE)),
    );
  }
}
