import multipart from '@fastify/multipart';
import {
  calls,
  callPath,
  isStaffCall,
  type CallDef,
  type CallName,
  type MultipartSpec,
} from '@lender/contract/api-calls';
import { fail, refuse, Refusal, type Envelope } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { z } from 'zod';
import type { StoredDictionaries } from '../lib/dictionary-store';
import { dictionaryIdCheckFor } from './dictionary-ids';
import type { AppContext } from '../app-context';
import { documentedResponses, staffAnswerDescriptions } from './documented-responses';
import {
  ANONYMOUS,
  principalSources,
  requirePrincipal,
  SIGNING_TOKEN_HEADER,
  type PrincipalOf,
  type PrincipalSources,
} from './principal';

export { SIGNING_TOKEN_HEADER };

type Def<N extends CallName> = (typeof calls)[N];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The file of a multipart call, read whole (within its limit) before the handler runs. */
export type UploadedFile = { bytes: Buffer; fileName: string };

export type CallContext<N extends CallName> = {
  body: Def<N> extends { multipart: { fields: infer F } }
    ? Out<F> & { file: UploadedFile }
    : Out<Def<N> extends { body: infer B } ? B : undefined>;
  query: Out<Def<N> extends { query: infer Q } ? Q : undefined>;
  /**
   * Who is calling, of the kind the call declares (plugins/principal.ts), resolved before the handler
   * runs: the one place a handler learns who acts (a customer's ids, a signing link's token, a partner,
   * a staff member and their permissions), never from a header of its own reading.
   */
  principal: PrincipalOf<Def<N>['auth']>;
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
 *
 * Only what the call's schemas validated is walked: a parameter the call does not take reaches no handler,
 * and its name is the sender's choice (`?__proto__=%00` once made an answer whose `fields` no schema could
 * describe, a 500).
 */
export const refuseNulCharactersIn =
  (def: Pick<CallDef, 'body' | 'query'>) =>
  (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const bodyClean = !def.body || req.body === undefined || req.jsonBodyWithoutNul;
    if (bodyClean && !(def.query && req.url.includes('%00'))) return done();
    const at =
      (bodyClean ? null : nulCharacterAt(req.body)) ?? (def.query ? nulCharacterAt(req.query) : null);
    if (at === null) return done();
    reply.code(400).send(invalidFields({ [at]: Msg.invalidCharacters }));
  };

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

/** The multipart fields and file of an upload call, as `req.body`: read in a preHandler, within limits. */
function readMultipart(spec: MultipartSpec, dictionaries: StoredDictionaries) {
  const idCheck = dictionaryIdCheckFor(dictionaries, spec.fields);
  // Room for the form's boundaries, headers and text fields around the file.
  const envelopeBytes = 64 * 1024;
  const tooLarge = (reply: FastifyReply) => {
    // The rest of the body is not read: the connection is closed after this answer.
    reply.code(413).header('connection', 'close').send(refuse(Refusal.uploadTooLarge));
  };
  return {
    /**
     * onRequest, after the token: a request that says it is larger than the file may be is refused at
     * once, before any of its body is read.
     */
    refuseDeclaredTooLarge(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > spec.maxFileBytes + envelopeBytes) return tooLarge(reply);
      done();
    },
    async read(req: FastifyRequest, reply: FastifyReply) {
      if (!req.isMultipart()) {
        return reply.code(415).send(refuse(Refusal.unsupportedContentType));
      }
      const fields: Record<string, string | number> = {};
      let file: UploadedFile | null = null;
      try {
        for await (const part of req.parts({
          limits: { fileSize: spec.maxFileBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
        })) {
          if (part.type === 'field') {
            // Multipart fields are text: digits are the number the schema asks for (an id).
            if (typeof part.value === 'string') {
              const text = part.value.trim();
              fields[part.fieldname] = /^\d{1,10}$/.test(text) ? Number(text) : text;
            }
          } else if (part.fieldname === spec.file && file === null) {
            // toBuffer stops at the limit and throws: at most maxFileBytes are held, never the whole body.
            file = { bytes: await part.toBuffer(), fileName: part.filename };
          } else {
            part.file.resume();
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply);
        return reply.code(400).send(invalidFields({ [spec.file]: Msg.uploadUnreadable }));
      }
      const parsed = spec.fields.safeParse(fields);
      if (!parsed.success) {
        const refused: Record<string, string> = {};
        for (const issue of parsed.error.issues) refused[issue.path.join('.') || '_'] ??= issue.message;
        return reply.code(400).send(invalidFields(refused));
      }
      const unknownIds = idCheck?.(parsed.data) ?? {};
      if (Object.keys(unknownIds).length > 0) return reply.code(400).send(invalidFields(unknownIds));
      if (!file || (file as UploadedFile).bytes.length === 0) {
        return reply.code(400).send(invalidFields({ [spec.file]: Msg.documentFile }));
      }
      req.body = { ...(parsed.data as object), file };
    },
  };
}

/** How the OpenAPI document names each kind of credential (plugins/openapi.ts's securitySchemes). */
const securityOf = (auth: CallDef['auth']): { security?: Record<string, string[]>[] } => {
  if (auth === 'public') return {};
  const scheme =
    auth === 'session'
      ? 'bearer'
      : auth === 'signing'
        ? 'signingLink'
        : auth === 'partner'
          ? 'partnerKey'
          : 'staffSession';
  return { security: [{ [scheme]: [] }] };
};

/** A staff call's 401 says what a staff member does about it (not a customer's token refresh). */
const answerDescriptionsOf = (def: CallDef) =>
  typeof def.auth === 'object' ? { answerDescriptions: staffAnswerDescriptions } : {};

/** The document's tag: every call under /api/staff/ is under `Staff` (issue 48); others by controller. */
export const tagOf = (def: CallDef) => (isStaffCall(def) ? 'Staff' : def.controller);

const notImplemented = async (_req: FastifyRequest, reply: FastifyReply) =>
  reply.code(501).send(refuse(Refusal.notImplemented));

/** `handler` null: the call is not built yet and answers 501 (its document says so). */
function addRoute(
  app: FastifyInstance,
  sources: PrincipalSources,
  dictionaries: StoredDictionaries,
  name: CallName,
  handler: ((req: FastifyRequest, reply: FastifyReply) => unknown) | null,
) {
  const def: CallDef = calls[name];
  // onRequest, not preHandler: a request without the credential the call takes answers 401 (or 403) before
  // its body is read or validated, so an anonymous caller never gets field messages (or a 400 in its place).
  const principal = requirePrincipal(def.auth, sources);
  if (def.multipart) {
    // Only this call's own scope parses multipart/form-data: every other call still refuses it (415).
    const spec = def.multipart;
    app.register(async (scope) => {
      await scope.register(multipart, { throwFileSizeLimit: true });
      const upload = readMultipart(spec, dictionaries);
      scope.route({
        method: def.method,
        url: callPath(def),
        schema: {
          tags: [tagOf(def)],
          operationId: `${def.controller}_${def.action}`,
          ...securityOf(def.auth),
          ...answerDescriptionsOf(def),
          response: documentedResponses(def, handler !== null),
        },
        onRequest: principal ? [principal, upload.refuseDeclaredTooLarge] : upload.refuseDeclaredTooLarge,
        preHandler: handler ? upload.read : [],
        handler: handler ?? notImplemented,
      });
    });
    return;
  }
  // A call not built yet checks no dictionary: it answers 501 whatever the ids.
  const idCheck = handler ? refuseUnknownIds(dictionaries, def) : null;
  app.route({
    method: def.method,
    url: callPath(def),
    schema: {
      tags: [tagOf(def)],
      operationId: `${def.controller}_${def.action}`,
      ...securityOf(def.auth),
      ...answerDescriptionsOf(def),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: documentedResponses(def, handler !== null),
    },
    ...(principal ? { onRequest: principal } : {}),
    preHandler: idCheck ? [refuseNulCharactersIn(def), idCheck] : refuseNulCharactersIn(def),
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
  const sources = principalSources(ctx);
  const handlers = new Map<CallName, ImplementedCall['handler']>();
  for (const { name, handler } of implemented) {
    if (handlers.has(name)) throw new Error(`Call ${name} is implemented twice`);
    handlers.set(name, handler);
  }
  for (const name of Object.keys(calls) as CallName[]) {
    const handler = handlers.get(name) as Handler<typeof name> | undefined;
    addRoute(
      app,
      sources,
      dictionaries,
      name,
      handler
        ? (req, reply) =>
            handler({
              body: req.body,
              query: req.query,
              principal: req.principal ?? ANONYMOUS,
              req,
              reply,
            } as never)
        : null,
    );
  }
}
