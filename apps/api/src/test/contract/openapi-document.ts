import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

type Schema = Record<string, unknown>;
export type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema: Schema }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

/** The document as an integrator fetches it. */
export async function fetchDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  return res.json();
}

/**
 * What a call takes, as one schema: its JSON body, or its query parameters as the properties of an object
 * (each with the parameter's description, where the document puts it).
 */
export function inputSchemaOf(op: Operation): Schema {
  if (op.requestBody) return op.requestBody.content['application/json']!.schema;
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(
      params.map((p) => [p.name, p.description ? { ...p.schema, description: p.description } : p.schema]),
    ),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

const pointer = (...keys: string[]) =>
  keys.map((k) => encodeURIComponent(k.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

const explain = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');

/**
 * Ajv over the published document, as an integrator would validate against it: JSON Schema 2020-12 (the
 * document is OpenAPI 3.1) with the standard formats. Schemas are compiled through JSON pointers into the
 * document, so a `$ref` to its components resolves as it would for anyone else.
 */
export function documentValidator(doc: OpenApiDocument) {
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, validateSchema: false });
    addFormats.default(ajv);
    ajv.addSchema(doc as object, 'openapi');
    return ajv;
  };
  const strict = make(false);
  // Query values travel as text; a client serialises `period: 3` as `period=3` (OpenAPI's form style).
  const coercing = make(true);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (ref: string) => {
    let fn = compiled.get(ref);
    if (!fn) compiled.set(ref, (fn = strict.compile({ $ref: `openapi#/${ref}` })));
    return fn;
  };
  const operationOf = (method: string, path: string) => {
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    return op;
  };
  const querySchemas = new Map<string, ValidateFunction>();
  const queryValidator = (method: string, path: string) => {
    const key = `${method} ${path}`;
    let fn = querySchemas.get(key);
    if (!fn) querySchemas.set(key, (fn = coercing.compile(inputSchemaOf(operationOf(method, path)))));
    return fn;
  };

  return {
    operationOf,

    /** Null when the document allows the input, else why not. */
    checkRequest(
      method: string,
      path: string,
      input: { body?: unknown; query?: Record<string, string> },
    ): string | null {
      const op = operationOf(method, path);
      if (op.requestBody) {
        if (input.body === undefined) return op.requestBody.required ? 'a body is required' : null;
        const validate = compile(
          pointer(
            'paths',
            path,
            method.toLowerCase(),
            'requestBody',
            'content',
            'application/json',
            'schema',
          ),
        );
        return validate(input.body) ? null : explain(validate.errors);
      }
      // Coercion rewrites what it checks: give it a copy.
      const validate = queryValidator(method, path);
      return validate({ ...input.query }) ? null : explain(validate.errors);
    },

    /** Null when the answer is one the document gives for this status, else why not. */
    checkResponse(method: string, path: string, status: number, body: unknown): string | null {
      const answer = operationOf(method, path).responses[String(status)];
      if (!answer) return `HTTP ${status} is not documented`;
      if (!answer.content?.['application/json']) return `HTTP ${status} is documented without a JSON body`;
      const validate = compile(
        pointer(
          'paths',
          path,
          method.toLowerCase(),
          'responses',
          String(status),
          'content',
          'application/json',
          'schema',
        ),
      );
      return validate(body) ? null : explain(validate.errors);
    },
  };
}
export type DocumentValidator = ReturnType<typeof documentValidator>;
