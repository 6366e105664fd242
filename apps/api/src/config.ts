import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in settings are taken from here, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The built-in card-provider sandbox's merchant: its id and static key are public by design (the browser
 * sends them); its secret key is no literal (made per install, see loadConfig). A deployment's own
 * provider gives it real ones.
 */
const SANDBOX_CARD_MERCHANT = {
  CARD_PROVIDER_MERCHANT_ID: 'kestrel-sandbox-merchant',
  CARD_PROVIDER_STATIC_KEY: 'sandbox-static-key-public',
} as const;

/**
 * A hop count, `true`, or a list of addresses and CIDRs, as Fastify's `trustProxy` takes them; unset:
 * no proxy is trusted, so X-Forwarded-For never chooses the client's address (docs/decisions/019).
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const text = v?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.every((a) => /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(a))) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be a hop count, true, or a comma-separated list of addresses or CIDRs',
    });
    return z.NEVER;
  });

/** The lender's client id at the built-in sandbox bank, outside production when none is set. */
export const SANDBOX_OPEN_BANKING_CLIENT_ID = 'lender-sandbox';

const WEB_CONCURRENCY_MESSAGE = 'WEB_CONCURRENCY must be a whole number of processes from 1 to 64';

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Unset: 127.0.0.1 outside production (nothing on the network reaches a developer's server), 0.0.0.0 in it. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * API processes on this host sharing PORT (node:cluster, docs/decisions/033): 1 is one process, as
     * before; more forks that many workers from a primary that migrates once and restarts any that die.
     * Capped at 64: beyond the cores, processes only add database connections (10 each) and memory.
     */
    WEB_CONCURRENCY: z.coerce
      .number({ error: WEB_CONCURRENCY_MESSAGE })
      .int({ error: WEB_CONCURRENCY_MESSAGE })
      .min(1, { error: WEB_CONCURRENCY_MESSAGE })
      .max(64, { error: WEB_CONCURRENCY_MESSAGE })
      .default(1),
    /** `sqlite:<path>` or `postgres://...` */
    DATABASE_URL: z
      .string()
      .default('sqlite:data/lender.sqlite')
      .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
        message: 'DATABASE_URL must be sqlite:<path> or postgres://...',
      }),
    /**
     * Where people reach this server: every link we send, and where the browser posts the card to the
     * sandbox. Unset: `http://{HOST or localhost}:{PORT}` (publicUrlDefault), so another port just works.
     */
    PUBLIC_URL: z.url().optional(),
    /** Outside production, unset means a secret made at random once and kept in JWT_SECRET_FILE. */
    JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET must be at least 32 characters' }).optional(),
    JWT_SECRET_FILE: z.string().default('data/jwt.key'),
    TRUST_PROXY: trustProxySetting,
    /** The browsable API document (/api/docs) in production; always served elsewhere. */
    API_DOCS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
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
     * SubmitStage1 per caller address, and per e-mail address or mobile number, in an hour: its answers
     * say who is a customer already (204/205), so they are not for a script to ask at will. Test suites,
     * all from 127.0.0.1, raise them.
     */
    STAGE1_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    STAGE1_PER_CONTACT: z.coerce.number().int().min(1).default(5),
    /** LeadProvider/Error reports one caller address may send in 15 minutes, and how long they are kept. */
    CLIENT_ERRORS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    CLIENT_ERRORS_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    /**
     * Leads one partner key may post in a minute (issue 29): partners were promised at least 60; the
     * headroom lets a broker's burst through while a looping client is stopped within a minute.
     */
    PARTNER_LEADS_PER_MINUTE: z.coerce.number().int().min(60).default(120),
    /**
     * LeadProvider/LeadLandedEvent calls one caller address may make in 15 minutes: a landing sends about
     * eight, so this leaves room for a household or office behind one address (issue 29).
     */
    LEAD_EVENTS_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
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
    /**
     * Server to server only: it confirms card checks and takes payments, so it never reaches the web app.
     * Outside production, unset means one derived from the data key: per install, never a literal.
     */
    CARD_PROVIDER_SECRET_KEY: z.string().min(1).optional(),
    /** The Faster Payments provider paying loans out; unset outside production, the built-in sandbox pays. */
    PAYOUT_PROVIDER_URL: z
      .url({ protocol: /^https?$/, error: 'PAYOUT_PROVIDER_URL must be an http(s) URL' })
      .optional(),
    /** Its API key; outside production, unset means one derived from the data key. */
    PAYOUT_PROVIDER_KEY: z.string().min(1).optional(),
    /**
     * The credit reference agency searched before lending and shared with (issue 47); unset outside
     * production, the built-in sandbox answers at /sandbox/credit-reference.
     */
    CRA_URL: z.url({ protocol: /^https?$/, error: 'CRA_URL must be an http(s) URL' }).optional(),
    /** Its API key; outside production, unset means one derived from the data key. */
    CRA_KEY: z.string().min(1).optional(),
    /**
     * The open banking aggregator reading applicants' bank accounts (issue 49, UK Open Banking v3.1
     * account information); unset outside production, the built-in sandbox bank answers at
     * /sandbox/open-banking.
     */
    OPEN_BANKING_URL: z
      .url({ protocol: /^https?$/, error: 'OPEN_BANKING_URL must be an http(s) URL' })
      .optional(),
    /** The lender's client id there; outside production, unset means the sandbox's 'lender-sandbox'. */
    OPEN_BANKING_CLIENT_ID: z.string().min(1).optional(),
    /** Its client secret (HTTP Basic on the token calls); outside production, unset means one derived from the data key. */
    OPEN_BANKING_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * When a long-running server closes the business day by itself (London time, HH:mm; 'off' for never,
     * as when a scheduler runs `npm run ops -- close-of-business` instead).
     */
    COB_TIME: z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, { message: 'COB_TIME must be HH:mm (London time) or off' })
      .default('01:00'),
    /**
     * Charges the close of business has out at the card provider at once (docs/decisions/024): within
     * the provider's rate limit, enough that a due day of 100,000 loans is not 100,000 round trips in a row.
     */
    CPA_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    /**
     * How long a card payment, a reschedule or a withdrawal waits for the close of business to finish
     * its own loan's batch (docs/decisions/043-close-of-business-steps-and-loan-locks.md) before it is refused as 'the day is closing'.
     */
    COB_LOAN_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /** Servicing settings (docs/decisions/023): days after a missed due date. */
    DEFAULT_FEE_AFTER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    DEFAULT_NOTICE_AFTER_DAYS: z.coerce.number().int().min(14).max(180).default(28),
    /** s88: at least 14 days from service; two more allow for an e-mail read late. */
    DEFAULT_REMEDY_DAYS: z.coerce.number().int().min(14).max(60).default(16),
    /** Days in default before the account is flagged for the pre-claim process (isLegal). */
    LEGAL_AFTER_DAYS: z.coerce.number().int().min(1).max(730).default(60),
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
    /**
     * An S3-compatible bucket for documents instead of DOCUMENTS_DIR (decision 028): objects go to
     * `{DOCUMENTS_URL}/{key}`, signed with SigV4 by these credentials.
     */
    DOCUMENTS_URL: z.url({ protocol: /^https?$/, error: 'DOCUMENTS_URL must be an http(s) URL' }).optional(),
    DOCUMENTS_REGION: z.string().min(1).default('us-east-1'),
    DOCUMENTS_ACCESS_KEY_ID: z.string().min(1).optional(),
    DOCUMENTS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    // A bucket without its credentials would fail at the first upload: it fails at start-up instead.
    if (c.DOCUMENTS_URL) {
      for (const name of ['DOCUMENTS_ACCESS_KEY_ID', 'DOCUMENTS_SECRET_ACCESS_KEY'] as const) {
        if (!c[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be set with DOCUMENTS_URL` });
        }
      }
      // Documents (sealed as they are) and the credentials' signatures travel to it.
      if (c.NODE_ENV === 'production' && !c.DOCUMENTS_URL.startsWith('https:')) {
        ctx.addIssue({
          code: 'custom',
          path: ['DOCUMENTS_URL'],
          message: 'DOCUMENTS_URL must use https in production',
        });
      }
    }
    if (c.NODE_ENV !== 'production') return;
    // Production has no development default: each missing setting is named.
    const missing = (name: string, why = `${name} must be set in production`) =>
      ctx.addIssue({ code: 'custom', path: [name], message: why });
    for (const name of ['JWT_SECRET', 'DATA_KEY'] as const) if (!c[name]) missing(name);
    // Every link we e-mail starts with it: a link over http gives its token to the network. (The
    // default, http://localhost:{PORT}, fails this too.)
    if (!c.PUBLIC_URL?.startsWith('https:')) {
      missing('PUBLIC_URL', 'PUBLIC_URL must be an https URL in production');
    }
    // Without them, e-mails and SMS codes would wait in the outbox for ever.
    for (const name of ['SMTP_URL', 'SMS_PROVIDER_URL', 'SMS_PROVIDER_KEY'] as const) {
      if (!c[name]) missing(name);
    }
    // Production has no sandbox: without its own provider no card could be checked or charged.
    if (!c.CARD_PROVIDER_URL) missing('CARD_PROVIDER_URL');
    // The secret key travels in every call's header.
    else if (!c.CARD_PROVIDER_URL.startsWith('https:')) {
      missing('CARD_PROVIDER_URL', 'CARD_PROVIDER_URL must use https in production');
    }
    for (const [name, sandboxValue] of Object.entries(SANDBOX_CARD_MERCHANT)) {
      if (c[name as keyof typeof SANDBOX_CARD_MERCHANT] === sandboxValue) missing(name);
    }
    if (!c.CARD_PROVIDER_SECRET_KEY) missing('CARD_PROVIDER_SECRET_KEY');
    // No sandbox either for payouts: an approved loan would wait for money that never leaves.
    if (!c.PAYOUT_PROVIDER_URL) missing('PAYOUT_PROVIDER_URL');
    else if (!c.PAYOUT_PROVIDER_URL.startsWith('https:')) {
      missing('PAYOUT_PROVIDER_URL', 'PAYOUT_PROVIDER_URL must use https in production');
    }
    if (!c.PAYOUT_PROVIDER_KEY) missing('PAYOUT_PROVIDER_KEY');
    // Nor for credit files: no application could be searched, so none could be lent on.
    if (!c.CRA_URL) missing('CRA_URL');
    // Names, dates of birth and addresses travel to it, with the key.
    else if (!c.CRA_URL.startsWith('https:')) missing('CRA_URL', 'CRA_URL must use https in production');
    if (!c.CRA_KEY) missing('CRA_KEY');
    // Nor a sandbox bank: an applicant who must connect their bank could not, so could not be lent to.
    if (!c.OPEN_BANKING_URL) missing('OPEN_BANKING_URL');
    // The client secret and applicants' access tokens and transactions travel over it.
    else if (!c.OPEN_BANKING_URL.startsWith('https:')) {
      missing('OPEN_BANKING_URL', 'OPEN_BANKING_URL must use https in production');
    }
    for (const name of ['OPEN_BANKING_CLIENT_ID', 'OPEN_BANKING_CLIENT_SECRET'] as const) {
      if (!c[name]) missing(name);
    }
  });

type Parsed = z.infer<typeof configSchema>;
/** The settings with every development default filled in: no secret is left unset. */
export type Config = Omit<
  Parsed,
  | 'HOST'
  | 'PUBLIC_URL'
  | 'JWT_SECRET'
  | 'CARD_PROVIDER_SECRET_KEY'
  | 'PAYOUT_PROVIDER_KEY'
  | 'CRA_KEY'
  | 'OPEN_BANKING_CLIENT_ID'
  | 'OPEN_BANKING_CLIENT_SECRET'
> & {
  CRA_KEY: string;
  OPEN_BANKING_CLIENT_ID: string;
  OPEN_BANKING_CLIENT_SECRET: string;
  HOST: string;
  PUBLIC_URL: string;
  PAYOUT_PROVIDER_KEY: string;
  DATA_KEY: string;
  JWT_SECRET: string;
  CARD_PROVIDER_SECRET_KEY: string;
};

/** Parses the environment once; a bad setting stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Outside production only (production refused to get here without them): made per install.
  const DATA_KEY = c.DATA_KEY ?? localDataKey(resolveFromRoot(c.DATA_KEY_FILE));
  return {
    ...c,
    HOST: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: c.PUBLIC_URL ?? publicUrlDefault(c.HOST, c.PORT),
    DATA_KEY,
    JWT_SECRET: c.JWT_SECRET ?? localSecret(resolveFromRoot(c.JWT_SECRET_FILE), 'JWT_SECRET_FILE'),
    CARD_PROVIDER_SECRET_KEY: c.CARD_PROVIDER_SECRET_KEY ?? derivedSecret(DATA_KEY, 'card-provider-sandbox'),
    PAYOUT_PROVIDER_KEY: c.PAYOUT_PROVIDER_KEY ?? derivedSecret(DATA_KEY, 'payout-provider-sandbox'),
    CRA_KEY: c.CRA_KEY ?? derivedSecret(DATA_KEY, 'credit-reference-sandbox'),
    // The id is no secret (it travels beside the secret, and the sandbox has one client).
    OPEN_BANKING_CLIENT_ID: c.OPEN_BANKING_CLIENT_ID ?? SANDBOX_OPEN_BANKING_CLIENT_ID,
    OPEN_BANKING_CLIENT_SECRET:
      c.OPEN_BANKING_CLIENT_SECRET ?? derivedSecret(DATA_KEY, 'open-banking-sandbox'),
  };
}

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]', '*']);

/**
 * The address a person on this machine opens when PUBLIC_URL is not set: the port the server listens
 * on (links and the card form named port 3000 whatever PORT said, so a card check on another port
 * failed), and the host where HOST names one. Unset or a wildcard, `localhost`, the address the README
 * gives: the browser's origin must be the links' and the card sandbox's, or the page loses its session
 * on the way back from 3-D Secure.
 */
export function publicUrlDefault(host: string | undefined, port: number): string {
  if (port === 0) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: PORT=0 (any free port) needs PUBLIC_URL: the links we send must name the port',
    );
  }
  const name = host === undefined || WILDCARD_HOSTS.has(host) ? 'localhost' : host;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${bracketed}:${port}`;
}

/** A secret of its own for `purpose`, from the data key: per install, and not the key itself. */
const derivedSecret = (dataKey: string, purpose: string) =>
  crypto.createHmac('sha256', Buffer.from(dataKey, 'hex')).update(purpose).digest('hex');

export const localDataKey = (file: string) => localSecret(file, 'DATA_KEY_FILE');

/**
 * A development secret: made once at random and kept beside the local database, readable by this user
 * only, so it stays the same across restarts and no two checkouts share one (the data key, the JWT
 * secret). Two processes starting together agree: the second finds the first one's file.
 */
export function localSecret(file: string, setting: string): string {
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
    throw new Error(`Invalid configuration:\n  ${setting}: ${file} holds no key`);
  return key;
}

export const resolveFromRoot = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot, p));
export const isDev = (c: Config) => c.NODE_ENV !== 'production';
