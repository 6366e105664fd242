import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorId, fail } from '@lender/contract/envelope';
import type { AppContext } from './app-context';
import { isDev } from './config';
import { registerAddressRoutes } from './features/address/address-routes';
import { registerDevOutbox } from './features/dev/outbox-routes';
import { registerDictionaryRoutes } from './features/dictionary/get-dictionaries';
import { registerHealth } from './features/health/health';
import { registerClientErrorReports } from './features/lead-provider/report-error';
import { registerQuoteRoutes } from './features/register/quote-routes';
import { registerSubmitStage1 } from './features/register/submit-stage1';
import { registerNotImplemented } from './plugins/calls';
import { registerEnvelopeHandlers } from './plugins/envelope';
import { loggerOptions } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerStaticWeb } from './plugins/static-web';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole server around an already migrated database; tests use it with `app.inject`. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(ctx.config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.NODE_ENV === 'production',
    // Deeply nested JSON is refused by the parser rather than walked.
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);

  registerEnvelopeHandlers(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerOpenApi(app);

  if (ctx.config.MAINTENANCE_MODE) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/') && !req.url.startsWith('/api/health')) {
        return reply
          .code(503)
          .send(fail(ErrorId.maintenance, 'We are performing essential maintenance work.'));
      }
    });
  }
  registerHealth(app, ctx);
  await registerDictionaryRoutes(app, ctx);
  registerClientErrorReports(app, ctx);
  registerAddressRoutes(app, ctx);
  registerSubmitStage1(app, ctx);
  await registerQuoteRoutes(app, ctx);
  if (isDev(ctx.config)) registerDevOutbox(app, ctx);

  registerNotImplemented(app, ctx);
  await registerStaticWeb(app, ctx.config);
  return app;
}
