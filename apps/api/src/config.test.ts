import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDev, loadConfig, localDataKey, repoRoot, resolveFromRoot } from './config';

const PROD_SECRET = 'a-production-secret-that-is-long-enough-1234567890';
const PROD_KEY = 'ab'.repeat(32);
const PROD_CARD_PROVIDER = {
  CARD_PROVIDER_URL: 'https://cards.example.com/v1',
  CARD_PROVIDER_MERCHANT_ID: 'kestrel-live',
  CARD_PROVIDER_STATIC_KEY: 'pk_live_public',
  CARD_PROVIDER_SECRET_KEY: 'sk_live_secret',
};
const PROD_SERVICES = {
  PUBLIC_URL: 'https://www.kestrelloans.example',
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  SMS_PROVIDER_URL: 'https://sms.example.com/v1/messages',
  SMS_PROVIDER_KEY: 'sms-live-key',
  PAYOUT_PROVIDER_URL: 'https://payouts.example.com/v1',
  PAYOUT_PROVIDER_KEY: 'payout-live-key',
  CRA_URL: 'https://cra.example.com/api',
  CRA_KEY: 'cra-live-key',
  OPEN_BANKING_URL: 'https://ob.example.com/v3.1/aisp',
  OPEN_BANKING_CLIENT_ID: 'kestrel-live-client',
  OPEN_BANKING_CLIENT_SECRET: 'ob-live-secret',
};
const PROD = {
  NODE_ENV: 'production',
  JWT_SECRET: PROD_SECRET,
  DATA_KEY: PROD_KEY,
  ...PROD_SERVICES,
  ...PROD_CARD_PROVIDER,
};

describe('loadConfig', () => {
  it('has a working default for every local setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'sqlite:data/lender.sqlite',
      LOG_LEVEL: 'info',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      WEB_CONCURRENCY: 1,
    });
    expect(c.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(isDev(c)).toBe(true);
  });

  it('talks to the built-in card-provider sandbox by default, with its own test merchant', () => {
    const c = loadConfig({});
    expect(c.CARD_PROVIDER_URL).toBeUndefined();
    expect(c).toMatchObject({
      CARD_PROVIDER_MERCHANT_ID: 'kestrel-sandbox-merchant',
      CARD_PROVIDER_STATIC_KEY: 'sandbox-static-key-public',
    });
  });

  it('writes no secret in the source: the JWT secret and the sandbox key are made per install (issue 26)', () => {
    const dirs = [
      fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-a-')),
      fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-b-')),
    ];
    try {
      const [a, b] = dirs.map((dir) =>
        loadConfig({ DATA_KEY_FILE: path.join(dir, 'data.key'), JWT_SECRET_FILE: path.join(dir, 'jwt.key') }),
      );
      expect(a!.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(a!.JWT_SECRET).not.toBe(b!.JWT_SECRET);
      expect(a!.CARD_PROVIDER_SECRET_KEY).not.toBe(b!.CARD_PROVIDER_SECRET_KEY);
      expect(a!.CARD_PROVIDER_SECRET_KEY).not.toBe(a!.DATA_KEY);
      // Kept: the next start signs and checks with the same secret.
      const again = loadConfig({
        DATA_KEY_FILE: path.join(dirs[0]!, 'data.key'),
        JWT_SECRET_FILE: path.join(dirs[0]!, 'jwt.key'),
      });
      expect(again.JWT_SECRET).toBe(a!.JWT_SECRET);
      expect(fs.statSync(path.join(dirs[0]!, 'jwt.key')).mode & 0o077).toBe(0);
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
    const source = fs.readFileSync(path.join(repoRoot, 'apps/api/src/config.ts'), 'utf8');
    expect(source).not.toMatch(/development-only-secret|sandbox-secret-key/);
  });

  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig(PROD).HOST).toBe('0.0.0.0');
  });

  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '3999' }, 'http://localhost:3999'],
    [{ PORT: '3999', HOST: '0.0.0.0' }, 'http://localhost:3999'],
    [{ PORT: '3999', HOST: '::' }, 'http://localhost:3999'],
    [{ PORT: '4100', HOST: '127.0.0.1' }, 'http://127.0.0.1:4100'],
    [{ PORT: '4100', HOST: 'loans.test' }, 'http://loans.test:4100'],
    [{ PORT: '4100', HOST: '::1' }, 'http://[::1]:4100'],
    [{ PORT: '4100', PUBLIC_URL: 'https://loans.example' }, 'https://loans.example'],
  ])('names the port it listens on in its links when PUBLIC_URL is unset: %j -> %s', (env, url) => {
    const c = loadConfig(env);
    expect(c.PUBLIC_URL).toBe(url);
    // The browser posts the card to the sandbox under it: the same origin as the page.
    expect(new URL(c.PUBLIC_URL).origin).toBe(url);
  });

  it('asks for PUBLIC_URL when PORT=0 leaves the port to chance', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PUBLIC_URL: PORT=0 \(any free port\) needs PUBLIC_URL/);
    expect(loadConfig({ PORT: '0', PUBLIC_URL: 'http://localhost:4444' }).PUBLIC_URL).toBe(
      'http://localhost:4444',
    );
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.1.0.0/16', ['10.0.0.1', '10.1.0.0/16']],
  ])('reads TRUST_PROXY %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY must be a hop count/);
  });

  it('takes a card provider of its own outside production too', () => {
    expect(loadConfig(PROD_CARD_PROVIDER)).toMatchObject(PROD_CARD_PROVIDER);
  });

  it.each([
    [
      'CARD_PROVIDER_URL',
      'cards.example.com',
      /CARD_PROVIDER_URL: CARD_PROVIDER_URL must be an http\(s\) URL/,
    ],
    [
      'CARD_PROVIDER_URL',
      'ftp://cards.example.com',
      /CARD_PROVIDER_URL: CARD_PROVIDER_URL must be an http\(s\) URL/,
    ],
    ['CARD_PROVIDER_MERCHANT_ID', '', /CARD_PROVIDER_MERCHANT_ID:/],
    ['CARD_PROVIDER_STATIC_KEY', '', /CARD_PROVIDER_STATIC_KEY:/],
    ['CARD_PROVIDER_SECRET_KEY', '', /CARD_PROVIDER_SECRET_KEY:/],
  ])('rejects %s %j', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('coerces numbers from the environment', () => {
    expect(loadConfig({ PORT: '8080', ACCESS_TOKEN_TTL_SECONDS: '60', WEB_CONCURRENCY: '4' })).toMatchObject({
      PORT: 8080,
      WEB_CONCURRENCY: 4,
      ACCESS_TOKEN_TTL_SECONDS: 60,
    });
  });

  it.each([
    'sqlite:data/x.sqlite',
    'sqlite::memory:',
    'postgres://u:p@db:5432/lender',
    'postgresql://db/lender?schema=s1',
  ])('accepts DATABASE_URL %s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each(['mysql://db/lender', 'data/lender.sqlite', 'http://db', ''])(
    'rejects DATABASE_URL %j with a clear message',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /Invalid configuration:\n\s+DATABASE_URL: DATABASE_URL must be sqlite:<path> or postgres:\/\/\.\.\./,
      );
    },
  );

  it('rejects a production config without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ ...PROD, JWT_SECRET: undefined })).toThrow(
      /^Invalid configuration:\n {2}JWT_SECRET: JWT_SECRET must be set in production$/,
    );
  });

  it('rejects a production config without DATA_KEY, naming it', () => {
    expect(() => loadConfig({ ...PROD, DATA_KEY: undefined })).toThrow(
      /^Invalid configuration:\n {2}DATA_KEY: DATA_KEY must be set in production$/,
    );
  });

  // Production serves no sandbox, so the sandbox's public test merchant must not stand in for a real one;
  // and no message may wait in the outbox for a transport that does not exist.
  it.each([...Object.keys(PROD_CARD_PROVIDER), 'SMTP_URL', 'SMS_PROVIDER_URL', 'SMS_PROVIDER_KEY'])(
    'rejects a production config without %s, naming it',
    (name) => {
      expect(() => loadConfig({ ...PROD, [name]: undefined })).toThrow(
        new RegExp(`^Invalid configuration:\\n  ${name}: ${name} must be set in production$`),
      );
    },
  );

  // Production serves no credit reference sandbox either: no application could be searched (issue 47).
  it.each(['CRA_URL', 'CRA_KEY'])('refuses to start in production without %s, naming it', (name) => {
    expect(() => loadConfig({ ...PROD, [name]: undefined })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: ${name} must be set in production$`),
    );
  });

  it('rejects a production credit reference agency reached over plain http, or a url that is not http(s)', () => {
    expect(() => loadConfig({ ...PROD, CRA_URL: 'http://cra.example.com/api' })).toThrow(
      /^Invalid configuration:\n {2}CRA_URL: CRA_URL must use https in production$/,
    );
    expect(() => loadConfig({ CRA_URL: 'ftp://cra.example.com' })).toThrow(
      /CRA_URL: CRA_URL must be an http\(s\) URL/,
    );
  });

  it('outside production, searches the sandbox with a key of its own derived from the data key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cra-key-'));
    try {
      const c = loadConfig({
        DATA_KEY_FILE: path.join(dir, 'data.key'),
        JWT_SECRET_FILE: path.join(dir, 'jwt.key'),
      });
      expect(c.CRA_URL).toBeUndefined();
      expect(c.CRA_KEY).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set([c.CRA_KEY, c.DATA_KEY, c.PAYOUT_PROVIDER_KEY, c.CARD_PROVIDER_SECRET_KEY]).size).toBe(
        4,
      );
      expect(
        loadConfig({ DATA_KEY_FILE: path.join(dir, 'data.key'), JWT_SECRET_FILE: path.join(dir, 'jwt.key') })
          .CRA_KEY,
      ).toBe(c.CRA_KEY);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Nor an open banking sandbox bank: an applicant required to connect their bank could not (issue 49).
  it.each(['OPEN_BANKING_URL', 'OPEN_BANKING_CLIENT_ID', 'OPEN_BANKING_CLIENT_SECRET'])(
    'refuses to start in production without %s, naming it',
    (name) => {
      expect(() => loadConfig({ ...PROD, [name]: undefined })).toThrow(
        new RegExp(`^Invalid configuration:\\n  ${name}: ${name} must be set in production$`),
      );
    },
  );

  it('rejects a production open banking aggregator over plain http, or a url that is not http(s)', () => {
    expect(() => loadConfig({ ...PROD, OPEN_BANKING_URL: 'http://ob.example.com' })).toThrow(
      /^Invalid configuration:\n {2}OPEN_BANKING_URL: OPEN_BANKING_URL must use https in production$/,
    );
    expect(() => loadConfig({ OPEN_BANKING_URL: 'ftp://ob.example.com' })).toThrow(
      /OPEN_BANKING_URL: OPEN_BANKING_URL must be an http\(s\) URL/,
    );
    // Outside production a plain http aggregator is allowed (a local stand-in).
    expect(loadConfig({ OPEN_BANKING_URL: 'http://127.0.0.1:8099/ob' }).OPEN_BANKING_URL).toBe(
      'http://127.0.0.1:8099/ob',
    );
  });

  it('outside production, calls the sandbox bank as lender-sandbox with a secret derived from the data key', () => {
    const dirs = [
      fs.mkdtempSync(path.join(os.tmpdir(), 'ob-secret-a-')),
      fs.mkdtempSync(path.join(os.tmpdir(), 'ob-secret-b-')),
    ];
    try {
      const env = (dir: string) => ({
        DATA_KEY_FILE: path.join(dir, 'data.key'),
        JWT_SECRET_FILE: path.join(dir, 'jwt.key'),
      });
      const [a, b] = dirs.map((dir) => loadConfig(env(dir)));
      expect(a!.OPEN_BANKING_URL).toBeUndefined();
      expect(a!.OPEN_BANKING_CLIENT_ID).toBe('lender-sandbox');
      expect(a!.OPEN_BANKING_CLIENT_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(a!.OPEN_BANKING_CLIENT_SECRET).not.toBe(b!.OPEN_BANKING_CLIENT_SECRET);
      expect(
        new Set([a!.OPEN_BANKING_CLIENT_SECRET, a!.DATA_KEY, a!.CRA_KEY, a!.PAYOUT_PROVIDER_KEY]).size,
      ).toBe(4);
      expect(loadConfig(env(dirs[0]!)).OPEN_BANKING_CLIENT_SECRET).toBe(a!.OPEN_BANKING_CLIENT_SECRET);
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a production aggregator and its client as set', () => {
    expect(loadConfig(PROD)).toMatchObject({
      OPEN_BANKING_URL: 'https://ob.example.com/v3.1/aisp',
      OPEN_BANKING_CLIENT_ID: 'kestrel-live-client',
      OPEN_BANKING_CLIENT_SECRET: 'ob-live-secret',
    });
  });

  it('rejects a production card provider reached over plain http', () => {
    expect(() => loadConfig({ ...PROD, CARD_PROVIDER_URL: 'http://cards.example.com' })).toThrow(
      /CARD_PROVIDER_URL: CARD_PROVIDER_URL must use https in production/,
    );
  });

  it('lists every bad setting at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split('\n').map((line) => line.trim().split(':')[0])).toEqual([
      'Invalid configuration',
      'JWT_SECRET',
      'DATA_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'SMS_PROVIDER_URL',
      'SMS_PROVIDER_KEY',
      'CARD_PROVIDER_URL',
      'CARD_PROVIDER_MERCHANT_ID',
      'CARD_PROVIDER_STATIC_KEY',
      'CARD_PROVIDER_SECRET_KEY',
      'PAYOUT_PROVIDER_URL',
      'PAYOUT_PROVIDER_KEY',
      'CRA_URL',
      'CRA_KEY',
      'OPEN_BANKING_URL',
      'OPEN_BANKING_CLIENT_ID',
      'OPEN_BANKING_CLIENT_SECRET',
    ]);
  });

  it('refuses a production PUBLIC_URL over plain http', () => {
    expect(() => loadConfig({ ...PROD, PUBLIC_URL: 'http://www.kestrelloans.example' })).toThrow(
      /^Invalid configuration:\n {2}PUBLIC_URL: PUBLIC_URL must be an https URL in production$/,
    );
  });

  it('accepts a complete production config', () => {
    const c = loadConfig(PROD);
    expect(c.NODE_ENV).toBe('production');
    expect(c).toMatchObject(PROD_CARD_PROVIDER);
    expect(isDev(c)).toBe(false);
  });

  it.each([
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ DATA_KEY: 'xyz' }, /DATA_KEY must be 64 hex characters/],
    [{ PORT: 'eighty' }, /PORT:/],
    [{ PORT: '70000' }, /PORT:/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV:/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL:/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL:/],
    [
      { WEB_CONCURRENCY: '0' },
      /WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number of processes from 1 to 64/,
    ],
    [{ WEB_CONCURRENCY: '65' }, /WEB_CONCURRENCY: .*from 1 to 64/],
    [{ WEB_CONCURRENCY: '2.5' }, /WEB_CONCURRENCY: .*from 1 to 64/],
    [{ WEB_CONCURRENCY: 'auto' }, /WEB_CONCURRENCY: .*from 1 to 64/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('resolveFromRoot', () => {
  it('takes relative paths from the repository root and keeps absolute ones', () => {
    expect(resolveFromRoot('data/x.sqlite')).toBe(path.join(repoRoot, 'data/x.sqlite'));
    expect(resolveFromRoot('/tmp/x')).toBe('/tmp/x');
    expect(path.basename(path.join(repoRoot, 'apps'))).toBe('apps');
  });
});

describe('the local data key', () => {
  it('is made once, readable by this user only, and read back on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-key-'));
    try {
      const file = path.join(dir, 'nested', 'data.key');
      const first = loadConfig({ DATA_KEY_FILE: file }).DATA_KEY;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_KEY_FILE: file }).DATA_KEY).toBe(first);
      // Another checkout, another key.
      expect(localDataKey(path.join(dir, 'other.key'))).not.toBe(first);
      // A key that is set wins over the file.
      expect(loadConfig({ DATA_KEY_FILE: file, DATA_KEY: 'ab'.repeat(32) }).DATA_KEY).toBe('ab'.repeat(32));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a key file that holds no key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-key-'));
    try {
      const file = path.join(dir, 'data.key');
      fs.writeFileSync(file, 'not a key');
      expect(() => loadConfig({ DATA_KEY_FILE: file })).toThrow(/DATA_KEY_FILE: .* holds no key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
