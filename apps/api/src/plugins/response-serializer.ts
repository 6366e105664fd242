import { isDeepStrictEqual } from 'node:util';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';

type SerializerCompiler = Parameters<typeof serializerCompiler>[0];
type Serializer = (data: unknown) => string;

const asJson = (data: unknown) => JSON.parse(JSON.stringify(data)) as unknown;

/**
 * Response bodies. In development and tests every answer goes through its route's zod schema, as
 * fastify-type-provider-zod does, and must come out of it unchanged: a field the schema does not list,
 * a default it would fill in or a value it would change fails the request there (logged, 500) instead
 * of being quietly dropped. So what production sends without the schema, the tests have seen go through
 * it: encoding every answer with zod was 3-4% of CalculateQuote's time under load, and more of
 * GetDictionaries' larger answers (bench/README.md).
 */
export function responseSerializer(config: Config) {
  if (config.NODE_ENV === 'production') return (): Serializer => (data) => JSON.stringify(data);
  return (route: SerializerCompiler): Serializer => {
    const viaSchema = serializerCompiler(route) as Serializer;
    return (data) => {
      const body = viaSchema(data);
      if (!isDeepStrictEqual(JSON.parse(body), asJson(data))) {
        const issue = 'the schema changed this answer (a field it does not list, or a default it filled in)';
        throw new ResponseSerializationError(route.method, route.url, {
          cause: new z.ZodError([{ code: 'custom', message: issue, path: [], input: data }]),
        });
      }
      return body;
    };
  };
}
