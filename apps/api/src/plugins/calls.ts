import { calls, callPath, type CallDef, type CallName } from '@lender/contract/api-calls';
import { fail, refuse, Refusal, type Envelope } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { z } from 'zod';
import type { StoredDictionaries } from '../lib/dictionary-store';
import { dictionaryIdCheckFor } from './dictionary-ids';
import type { AppContext } from '../app-context';
import { requireSession, type Session } from './auth';
import { documentedResponses } from './documented-responses';

export const SIGNING_TOKEN_HEADER = 'x-signing-token';

type Def<N extends CallName> = (typeof calls)[N];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type CallContext<N extends CallName> = {
  body: Out<Def<N> extends { body: infer B } ? B : undefined>;
  query: Out<Def<N> extends { query: infer Q } ? Q : undefined>;
  session: Def<N>['auth'] extends 'session' ? Session : Session | null;
  /** The e-sign calls' `X-Signing-Token` header ('' when absent): the service checks it against the guid. */
  signingToken: string;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Handler<N extends CallName> = (
  ctx: CallContext<N>,
) => Promise<Envelope<z.output<Def<N>['response']>> | Envelope<never>>;

/** A call the API has built: its name in the contract and its handler. Each route file makes one. */
export type ImplementedCall = { [N in CallName]: { name: N; handler: Handler<N> } }[CallName];

export const implementCall = <N extends CallName>(name: N, handler: Handler<N>) =>
  ({ name, handler }) as ImplementedCall;

/** The 400 answer of a request whose fields the schema accepted but a rule refused. */
export const invalidFields = (fields: Record<string, string>) =>
  fail(Refusal.invalidRequest.errorID, Object.values(fields)[0] ?? Refusal.invalidRequest.errorMessage, {
    fields,
  });

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
 * A JSON body can hold one only where its text had the escape `\u0000`, and the query only where the URL
 * had `%00` (JSON allows no raw control character in a string; the HTTP parser refuses one in a URL), so
 * only such a request, or a body of another type, is walked.
 */
function refuseNulCharacters(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  const bodyClean = req.body === undefined || req.jsonBodyWithoutNul;
  if (bodyClean && !req.url.includes('%00')) return done();
  const at = nulCharacterAt(req.body) ?? nulCharacterAt(req.query);
  if (at === null) return done();
  reply.code(400).send(invalidFields({ [at]: Msg.invalidCharacters }));
}

/** A JSON body sent compressed: no call takes one (app.ts registers no request decompression). */
const unsupportedContentEncoding = () =>
  Object.assign(new Error('Unsupported content encoding.'), { code: 'LENDER_CONTENT_ENCODING' });

/**
 * Fastify's own JSON parser (with its prototype-poisoning checks), noting a text without `\u0000`, and
 * refusing a compressed body rather than reading its bytes as text.
 */
function parseJsonNotingNul(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('jsonBodyWithoutNul', false);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      return done(unsupportedContentEncoding(), undefined);
    }
    const text = body as string;
    req.jsonBodyWithoutNul = !text.includes('\\u0000');
    parse(req, text, done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the JSON parser: the body's text escapes no U+0000, so no parsed string holds one. */
    jsonBodyWithoutNul: boolean;
  }
}

/**
 * A dictionary-backed id (the contract's `dictionaryIdField`) that is not an entry of its dictionary is
 * refused like any invalid field, with that field's message, before the handler runs: one check for
 * every call, from its schemas, instead of one written per call.
 */
function refuseUnknownIds(dictionaries: StoredDictionaries, def: CallDef) {
  const body = dictionaryIdCheckFor(dictionaries, def.body);
  const query = dictionaryIdCheckFor(dictionaries, def.query);
  if (!body && !query) return null;
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const refused = { ...body?.(req.body), ...query?.(req.query) };
    if (Object.keys(refused).length === 0) return done();
    reply.code(400).send(invalidFields(refused));
  };
}

/** The signing link's token, from its header only: never a URL, which logs and histories keep. */
const signingTokenOf = (req: FastifyRequest) => {
  const header = req.headers[SIGNING_TOKEN_HEADER];
  return typeof header === 'string' ? header.trim().slice(0, 200) : '';
};

const notImplemented = async (_req: FastifyRequest, reply: FastifyReply) =>
  reply.code(501).send(refuse(Refusal.notImplemented));

/** `handler` null: the call is not built yet and answers 501 (its document says so). */
function addRoute(
  app: FastifyInstance,
  ctx: AppContext,
  dictionaries: StoredDictionaries,
  name: CallName,
  handler: ((req: FastifyRequest, reply: FastifyReply) => unknown) | null,
) {
  const def: CallDef = calls[name];
  // A call not built yet checks no dictionary: it answers 501 whatever the ids.
  const idCheck = handler ? refuseUnknownIds(dictionaries, def) : null;
  app.route({
    method: def.method,
    url: callPath(def),
    schema: {
      tags: [def.controller],
      operationId: `${def.controller}_${def.action}`,
      ...(def.auth === 'session' ? { security: [{ bearer: [] }] } : {}),
      ...(def.auth === 'signing' ? { security: [{ signingLink: [] }] } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: documentedResponses(def, handler !== null),
    },
    // onRequest, not preHandler: a request without a valid token answers 401 before its body is read or
    // validated, so an anonymous caller never gets field messages (or a 400 in place of the 401).
    ...(def.auth === 'session' ? { onRequest: requireSession(ctx.config, ctx.sessions) } : {}),
    preHandler: idCheck ? [refuseNulCharacters, idCheck] : refuseNulCharacters,
    handler: handler ?? notImplemented,
  });
}

/**
 * Registers every call of the contract with its schemas, its auth rule and the envelope: each one of
 * `implemented` with its handler, and every other one (a later issue builds it) answering 501 with a
 * non-zero errorID after validating its input and checking its token: never a fake success.
 */
export function registerCalls(
  app: FastifyInstance,
  ctx: AppContext,
  implemented: readonly ImplementedCall[],
  dictionaries: StoredDictionaries,
) {
  parseJsonNotingNul(app);
  const handlers = new Map<CallName, ImplementedCall['handler']>();
  for (const { name, handler } of implemented) {
    if (handlers.has(name)) throw new Error(`Call ${name} is implemented twice`);
    handlers.set(name, handler);
  }
  for (const name of Object.keys(calls) as CallName[]) {
    const handler = handlers.get(name) as Handler<typeof name> | undefined;
    // Only the e-sign calls read the signing link's header; every other call skips it.
    const signing = calls[name].auth === 'signing';
    addRoute(
      app,
      ctx,
      dictionaries,
      name,
      handler
        ? (req, reply) =>
            handler({
              body: req.body,
              query: req.query,
              session: req.session,
              signingToken: signing ? signingTokenOf(req) : '',
              req,
              reply,
            } as never)
        : null,
    );
  }
}
