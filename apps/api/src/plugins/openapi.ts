import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { ErrorId } from '@lender/contract/envelope';
import { callPath, calls, type CallDef } from '@lender/contract/api-calls';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { answerDescriptions, plainRouteDocuments } from './documented-responses';
import { STAFF_SESSION_COOKIE } from './principal';

const errorIdTable = Object.entries(ErrorId)
  .sort((a, b) => a[1] - b[1])
  .map(([name, id]) => `| ${id} | ${name} |`)
  .join('\n');

const DESCRIPTION = `Every answer, success or failure, has the body \`{ "error": { "errorID": 0, "errorMessage": "" }, "object": ... }\`.
errorID 0 is success. A business outcome (declined, already registered, a wrong SMS code) is HTTP 200 with its
errorID and \`object\` null; transport failures have their own HTTP status, listed per call, each with one errorID.
An unknown path or method answers 404 with errorID 404. Dates travel as \`yyyy-MM-dd\` in the Europe/London calendar.

| errorID | meaning |
|---|---|
${errorIdTable}`;

const FILE_SCHEMA = z.string().meta({ format: 'binary' });

/** The Set-Cookie header of the lead landing's calls (docs/decisions/030), on their 200 answer. */
const landingCookieHeader = (use: 'sets' | 'requires') => ({
  'Set-Cookie': {
    type: 'string',
    description:
      use === 'sets'
        ? `On the lead's first landing: \`${LANDING_COOKIE}=<token>; Path=/api/LeadProvider; HttpOnly; SameSite=Lax\` (and Secure on https), a session cookie. SubmitLandedLead needs it; LeadLanded opens again only with it.`
        : `Once the submit is decided (errorID 0 without a redirectUrl, or 201): \`${LANDING_COOKIE}=; Max-Age=0\`, ending the landing.`,
  },
});

/** `SubmitStage1` -> `Submit stage 1`: the spec names calls by their action. */
const summaryOf = (url: string) => {
  const words = (url.split('/').pop() ?? url).replace(/([a-z])([A-Z\d])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The contract's zod schemas become JSON Schema (jsonSchemaTransform); around that, each answer gets what
 * it means, each operation a summary and its security (an empty list says "no token"), and the routes
 * outside the spec's calls (health, card-provider settings), which carry no schema at run time, their
 * documented answers.
 */
function describeOperations(bodyLimit: number): SwaggerTransform {
  const descriptions = answerDescriptions(bodyLimit);
  const describe = (status: string) => {
    const text = descriptions[status];
    if (!text) throw new Error(`HTTP ${status} has a schema but no description in documented-responses.ts`);
    return text;
  };
  return (input) => {
    const plain = plainRouteDocuments[input.url];
    if (plain) return jsonSchemaTransform({ ...input, schema: plain } as Parameters<SwaggerTransform>[0]);
    // A route outside the spec's calls may word its answers for its own callers (documented-responses.ts);
    // the key is ours, not OpenAPI's, so it leaves the schema here.
    const { answerDescriptions: ownDescriptions, ...schema } = (input.schema ?? {}) as {
      answerDescriptions?: Record<string, string>;
      response?: unknown;
      hide?: boolean;
    };
    if (!input.schema || !schema.response || schema.hide) return jsonSchemaTransform(input);
    const def = (Object.values(calls) as CallDef[]).find((c) => callPath(c) === input.url);
    const file = def?.file;
    // An upload's body is read by the call itself (plugins/calls.ts), so the route has no body schema at
    // run time: the document gets it here, the file field beside the text fields.
    const upload = def?.multipart;
    const uploadBody = upload
      ? {
          consumes: ['multipart/form-data'],
          body: (upload.fields as z.ZodObject).extend({
            [upload.file]: FILE_SCHEMA.meta({
              description: `The file: PDF, PNG or JPEG, told by its content; at most ${upload.maxFileBytes} bytes.`,
            }),
          }),
        }
      : {};
    const response = Object.fromEntries(
      Object.entries(schema.response as Record<string, unknown>).map(([status, answer]) => [
        status,
        status === '200' && file
          ? {
              description:
                typeof def.auth === 'object'
                  ? `The file (${[file].flat().join(', ')}); or, as JSON, a refusal (errorID non-zero).`
                  : `The file (${[file].flat().join(', ')}); or, as JSON, a refusal (errorID non-zero) when the link is unknown, used or expired.`,
              content: {
                ...Object.fromEntries([file].flat().map((type) => [type, { schema: FILE_SCHEMA }])),
                'application/json': { schema: answer },
              },
            }
          : {
              ...(status === '200' && def?.landingCookie
                ? { headers: landingCookieHeader(def.landingCookie) }
                : {}),
              description:
                ownDescriptions?.[status] ??
                (upload && status === '413'
                  ? `The file is over ${upload.maxFileBytes} bytes (errorID 413): refused as soon as that is known, nothing stored.`
                  : upload && status === '415'
                    ? 'The body is not multipart/form-data (errorID 415).'
                    : describe(status)),
              content: { 'application/json': { schema: answer } },
            },
      ]),
    );
    // The submit of a landed lead is the landing browser's only: its cookie is its credential.
    const cookieSecurity = def?.landingCookie === 'requires' ? { security: [{ landingCookie: [] }] } : {};
    const transformed = jsonSchemaTransform({
      ...input,
      schema: {
        summary: summaryOf(input.url),
        security: [],
        ...schema,
        ...cookieSecurity,
        ...uploadBody,
        response,
      },
    });
    // jsonSchemaTransform keeps only a content answer's description and content: the header goes on after.
    if (def?.landingCookie) {
      const ok = (transformed.schema as { response: Record<string, object> }).response['200']!;
      Object.assign(ok, { headers: landingCookieHeader(def.landingCookie) });
    }
    return transformed;
  };
}

/** OpenAPI generated from the contract's schemas: JSON at /api/docs/json, a browsable page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, so an empty answer is `type: null` and a nullable union
      // holds null, which 3.0's `nullable` cannot say next to `anyOf`.
      openapi: '3.1.0',
      info: { title: 'Kestrel Loans API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: config.PUBLIC_URL, description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The e-sign page's calls (docs/decisions/020): the token of the e-mailed signing link.
          signingLink: { type: 'apiKey', in: 'header', name: 'X-Signing-Token' },
          // The partner lead API (issue 29): a partner's key from staff (`npm run ops -- partner add`).
          partnerKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The key staff gave your organisation (letters and digits), as `Authorization: Bearer <key>`.',
          },
          // The staff API (issues 44, 48): the staff console's session cookie (HttpOnly, SameSite=Strict).
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: STAFF_SESSION_COOKIE,
            description:
              "A staff member's session (15 minutes idle, 10 hours at most), set by StaffAuth/Login or StaffAuth/AcceptInvitation (Path=/api/staff); each call also needs its permission. A customer's bearer token is never accepted on a staff call.",
          },
          // A lead's landing page (docs/decisions/030): the cookie LeadProvider/LeadLanded sets.
          landingCookie: { type: 'apiKey', in: 'cookie', name: LANDING_COOKIE },
        },
      },
    },
    transform: describeOperations(app.initialConfig.bodyLimit ?? 1024 * 1024),
  });
  // In production the document and its page (which needs a looser CSP) are served only when staff
  // choose to (API_DOCS=true): a public map of every call helps no customer (issue 26).
  if (config.NODE_ENV === 'production' && !config.API_DOCS) return;
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
