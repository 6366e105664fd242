import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { refuse, Refusal } from '@lender/contract/envelope';
import type { AppContext } from './app-context';
import { isDev } from './config';
import { registerCardProviderSettings } from './features/card-provider/provider-settings';
import { loopbackOnly } from './features/dev/loopback-only';
import { registerDevOutbox } from './features/dev/outbox-routes';
import { registerHealth } from './features/health/health';
import { leadIntakeService } from './features/partner-leads/lead-intake-service';
import { registerPartnerLeads } from './features/partner-leads/post-lead';
import { entityStore } from './entities/unit-of-work';
import { implementedCalls } from './implemented-calls';
import { loadDictionaries } from './lib/dictionary-store';
import { registerCalls } from './plugins/calls';
import { registerEnvelopeHandlers } from './plugins/envelope';
import { loggerOptions } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { principalSources } from './plugins/principal';
import { requestLoggerFactory } from './plugins/request-logger';
import { responseSerializer } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security';
import { registerStaticWeb } from './plugins/static-web';
import { outsideServices, registerSandboxes } from './lib/outside-services';
import { servicingFor, type Servicing } from './servicing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Underwriting, payouts and the close of business, for the server's timers (server.ts). */
    servicing: Servicing;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies next to the server. */
const trustedProxies = (setting: boolean | number | string[]) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/**
 * Builds the whole server around an already migrated database; tests use it with `app.inject`, and may
 * read what it logs through `logStream` (standard output otherwise).
 */
export async function buildApp(
  ctx: AppContext,
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const logger = loggerOptions(ctx.config);
  const app = Fastify({
    logger: logger && options.logStream ? { ...(logger as object), stream: options.logStream } : logger,
    ...(logger ? { childLoggerFactory: requestLoggerFactory } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies staff name (TRUST_PROXY) may say who the client is: otherwise any caller's
    // X-Forwarded-For would choose the address that the per-address limits count and signatures record.
    trustProxy: trustedProxies(ctx.config.TRUST_PROXY),
    // A path parameter (`/:name`) longer than 200 characters matches no route, so it answers 404 before any
    // handler sees it. No API route has one today: the calls take query strings and bodies.
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(ctx.config));
  app.decorateRequest('session', null);
  app.decorateRequest('principal', null);

  registerEnvelopeHandlers(app);
  await registerSecurityHeaders(app, ctx.config);
  // Answers only: no call takes a compressed body, and inflating one on request would be a decompression
  // bomb's door and a hook on every request for nothing.
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024 });
  await registerOpenApi(app, ctx.config);

  // Read on every call (cached for a moment), so staff switch it without a restart. A callback hook that
  // answers at once from what the server knows: only a stale switch costs a read and a promise.
  const MAINTENANCE_EXEMPT = ['/api/staff/Operations/', '/api/staff/StaffAuth/', '/api/staff/Staff/Me'];
  const inMaintenance = (reply: FastifyReply) => {
    reply.code(503).send(refuse(Refusal.maintenance));
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/health')) return done();
    // An admin switches it off from the console's operations page (issue 48 item 9): its calls, the
    // staff sign-in and Staff/Me (the console's own frame) still answer; the rest of the console waits.
    if (MAINTENANCE_EXEMPT.some((path) => req.url.startsWith(path))) return done();
    const known = ctx.maintenance.known();
    if (known !== undefined) return known ? inMaintenance(reply) : done();
    ctx.maintenance.isOn().then((on) => (on ? inMaintenance(reply) : done()), done);
  });
  // Staff move the business date outside production; every server sees it within two seconds. The health
  // routes read no date: with the database gone they answer their own 503, not this read's failure.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/health') || !ctx.businessDate.isStale()) {
      return done();
    }
    ctx.businessDate.refresh().then(() => done(), done);
  });
  registerHealth(app, ctx);
  registerCardProviderSettings(app, ctx.config);
  // Read once: the dictionaries change only with a migration.
  const dictionaries = await loadDictionaries(ctx.db);
  const services = outsideServices(ctx, app);
  const servicing = servicingFor(ctx, services, (err, what) => app.log.error({ err }, what));
  app.decorate('servicing', servicing);
  app.addHook('onClose', async () => {
    await servicing.settle();
  });
  registerCalls(app, ctx, implementedCalls(ctx, services, dictionaries, servicing), dictionaries);
  // The partner lead API (issue 29): outside the spec's calls, behind partners' keys; after registerCalls,
  // whose JSON parser (the U+0000 note) it shares.
  registerPartnerLeads(app, {
    principals: principalSources(ctx),
    intake: leadIntakeService(entityStore(ctx), ctx.db, ctx.config, servicing.decisionParts),
    perKey: ctx.limits.limiter({
      scope: 'partner-key',
      limit: ctx.config.PARTNER_LEADS_PER_MINUTE,
      windowMs: 60_000,
    }),
    dictionaries,
  });
  if (isDev(ctx.config)) {
    // Development helpers answer the developer's own machine only, whatever HOST is (issue 26).
    await app.register(async (local) => {
      local.addHook('onRequest', loopbackOnly);
      registerDevOutbox(local, ctx);
    });
  }
  await registerSandboxes(app, ctx);

  await registerStaticWeb(app, ctx.config);
  return app;
}
