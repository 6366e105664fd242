import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';

type ProviderConfig = Pick<Config, 'CARD_PROVIDER_URL' | 'PUBLIC_URL'>;

/**
 * The card provider's origin, when it is not this server's: the page fetches its tokenisation, frames
 * its fingerprint page and posts that frame's form to it (decision 014). The built-in sandbox is served
 * from this origin, which 'self' already admits.
 */
function providerOrigins(config: ProviderConfig): string[] {
  if (!config.CARD_PROVIDER_URL) return [];
  const origin = new URL(config.CARD_PROVIDER_URL).origin;
  return origin === new URL(config.PUBLIC_URL).origin ? [] : [origin];
}

/**
 * Security headers with a strict Content-Security-Policy: the built web app loads only its own
 * scripts and styles, and talks only to this origin and the card provider's.
 */
export function securityHeaderOptions(config: ProviderConfig): FastifyHelmetOptions {
  const provider = providerOrigins(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...provider],
        frameSrc: ["'self'", ...provider],
        formAction: ["'self'", ...provider],
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
}

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

/**
 * Every answer, errors and static files included, carries the same security headers, worked out once
 * here from the configuration.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ProviderConfig) {
  const headers = await helmetHeaders(securityHeaderOptions(config));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    // Every API answer may carry a token or personal data (Login, RefreshToken, the account, e-sign), and
    // none is worth keeping: no browser, proxy or shared computer stores one (issue 26). Set before the
    // handler, so a route with a reason to be cached may still say otherwise.
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
