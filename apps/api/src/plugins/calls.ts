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

const INVALID_CHARACTERS = 'Please remove the invalid characters.';

/** The dotted path of the first string holding U+0000 in a validated input, or null. Iterative: any depth. */
function nulCharacterAt(input: unknown): string | null {
  type Item = { value: unknown; key: string; parent: Item | null };
  const stack: Item[] = [{ value: input, key: '', parent: null }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string' && item.value.includes('\u0000')) {
      const path: string[] = [];
      for (let at: Item | null = item; at?.parent; at = at.parent) path.unshift(at.key);
      return path.join('.') || '_';
    }
    if (item.value && typeof item.value === 'object') {
      for (const [key, value] of Object.entries(item.value)) stack.push({ value, key, parent: item });
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in a text column (the insert fails, which was a 500), and no field of the
 * contract has a use for it: refused as a validation failure on either database, before any handler runs.
 */
async function refuseNulCharacters(req: FastifyRequest, reply: FastifyReply) {
  const at = nulCharacterAt(req.body) ?? nulCharacterAt(req.query);
  if (at !== null) {
    return reply
      .code(400)
      .send(fail(ErrorId.validation, INVALID_CHARACTERS, { fields: { [at]: INVALID_CHARACTERS } }));
  }
}

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
    preHandler: refuseNulCharacters,
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
