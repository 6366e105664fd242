import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in settings are taken from here, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const DEV_JWT_SECRET = 'development-only-secret-change-me-in-production-0000';

/** The built-in card-provider sandbox's merchant; a deployment's own provider gives it real ones. */
const SANDBOX_CARD_MERCHANT = {
  CARD_PROVIDER_MERCHANT_ID: 'kestrel-sandbox-merchant',
  CARD_PROVIDER_STATIC_KEY: 'sandbox-static-key-public',
  CARD_PROVIDER_SECRET_KEY: 'sandbox-secret-key-development-only-0000',
} as const;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** `sqlite:<path>` or `postgres://...` */
    DATABASE_URL: z
      .string()
      .default('sqlite:data/lender.sqlite')
      .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
        message: 'DATABASE_URL must be sqlite:<path> or postgres://...',
      }),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    JWT_SECRET: z
      .string()
      .min(32, { message: 'JWT_SECRET must be at least 32 characters' })
      .default(DEV_JWT_SECRET),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    /**
     * Failed logins one caller address may make in 15 minutes, over all accounts (docs/decisions/017);
     * each account also locks after 5. Browser tests, all from 127.0.0.1, raise it.
     */
    LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    /** Password-reset requests one caller address may make in 15 minutes. */
    PASSWORD_RESETS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    /**
     * Key for secrets stored encrypted at rest (bank details, the card provider's tokens); 32 bytes as 64
     * hex characters. Outside production, unset means a key generated once and kept in DATA_KEY_FILE.
     */
    DATA_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, { message: 'DATA_KEY must be 64 hex characters' })
      .optional(),
    DATA_KEY_FILE: z.string().default('data/data.key'),
    /** The card provider's base URL; unset outside production, the built-in sandbox answers instead. */
    CARD_PROVIDER_URL: z
      .url({ protocol: /^https?$/, error: 'CARD_PROVIDER_URL must be an http(s) URL' })
      .optional(),
    CARD_PROVIDER_MERCHANT_ID: z.string().min(1).default(SANDBOX_CARD_MERCHANT.CARD_PROVIDER_MERCHANT_ID),
    /** Public: the browser sends it with the card to the provider. */
    CARD_PROVIDER_STATIC_KEY: z.string().min(1).default(SANDBOX_CARD_MERCHANT.CARD_PROVIDER_STATIC_KEY),
    /** Server to server only: it confirms card checks and takes payments, so it never reaches the web app. */
    CARD_PROVIDER_SECRET_KEY: z.string().min(1).default(SANDBOX_CARD_MERCHANT.CARD_PROVIDER_SECRET_KEY),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Kestrel Loans <no-reply@kestrelloans.example>'),
    SMS_PROVIDER_URL: z.url().optional(),
    SMS_PROVIDER_KEY: z.string().optional(),
    /** Partner tiers (comma-separated) whose visitors are priced at the provider rate of 0.6% a day. */
    PROVIDER_TIERS: z.string().default(''),
    ADDRESS_LOOKUP_KEY: z.string().optional(),
    ADDRESS_LOOKUP_URL: z.url().default('https://api.addressy.com'),
    /** While true every API call answers 503 (errorID 503) and the web app shows /maintenance. */
    MAINTENANCE_MODE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default('apps/web/dist'),
    DOCUMENTS_DIR: z.string().default('data/documents'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET must be set in production' });
    }
    if (c.NODE_ENV === 'production' && !c.DATA_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_KEY'], message: 'DATA_KEY must be set in production' });
    }
    if (c.NODE_ENV === 'production') {
      // Production has no sandbox: without its own provider no card could be checked or charged.
      if (!c.CARD_PROVIDER_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['CARD_PROVIDER_URL'],
          message: 'CARD_PROVIDER_URL must be set in production',
        });
      } else if (!c.CARD_PROVIDER_URL.startsWith('https:')) {
        // The secret key travels in every call's header.
        ctx.addIssue({
          code: 'custom',
          path: ['CARD_PROVIDER_URL'],
          message: 'CARD_PROVIDER_URL must use https in production',
        });
      }
      for (const [name, sandboxValue] of Object.entries(SANDBOX_CARD_MERCHANT)) {
        if (c[name as keyof typeof SANDBOX_CARD_MERCHANT] === sandboxValue) {
          ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be set in production` });
        }
      }
    }
  });

export type Config = z.infer<typeof configSchema> & { DATA_KEY: string };

/** Parses the environment once; a bad setting stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, DATA_KEY: c.DATA_KEY ?? localDataKey(resolveFromRoot(c.DATA_KEY_FILE)) };
}

/**
 * The development key: made once at random and kept beside the local database, readable by this user
 * only, so what was sealed stays readable across restarts and no two checkouts share a key. Two
 * processes starting together agree: the second finds the first one's file.
 */
export function localDataKey(file: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, `${crypto.randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(key))
    throw new Error(`Invalid configuration:\n  DATA_KEY_FILE: ${file} holds no key`);
  return key;
}

export const resolveFromRoot = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot, p));
export const isDev = (c: Config) => c.NODE_ENV !== 'production';
