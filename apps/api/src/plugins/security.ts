import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content-Security-Policy: the built web app loads only its own
 * scripts and styles, and talks only to this origin. The card provider's pages (a later issue) add
 * their origin to frame-src and form-action.
 */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers @fastify/helmet adds with these options, read once from a throwaway instance (those it
 * answers with and not without). None depends on the request: registered as is, the plugin rebuilt
 * helmet's middleware, CSP parsing included, on every request, about half of what the bare route
 * cost (bench/README.md).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answerHeaders = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => '');
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const plain = await answerHeaders(false);
  const secured = await answerHeaders(true);
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name]) => !(name in plain))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Every answer, errors and static files included, carries the same security headers. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = await helmetHeaders(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
