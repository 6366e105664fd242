import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDev, loadConfig, repoRoot, resolveFromRoot } from './config';

const PROD_SECRET = 'a-production-secret-that-is-long-enough-1234567890';
const PROD_KEY = 'ab'.repeat(32);

describe('loadConfig', () => {
  it('has a working default for every local setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'sqlite:data/lender.sqlite',
      LOG_LEVEL: 'info',
      ACCESS_TOKEN_TTL_SECONDS: 900,
    });
    expect(c.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(isDev(c)).toBe(true);
  });

  it('coerces numbers from the environment', () => {
    expect(loadConfig({ PORT: '8080', ACCESS_TOKEN_TTL_SECONDS: '60' })).toMatchObject({
      PORT: 8080,
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
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_KEY: PROD_KEY })).toThrow(
      /JWT_SECRET: JWT_SECRET must be set in production/,
    );
  });

  it('rejects a production config without DATA_KEY, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET })).toThrow(
      /DATA_KEY: DATA_KEY must be set in production/,
    );
  });

  it('lists every bad setting at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/DATA_KEY/);
  });

  it('accepts a complete production config', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET, DATA_KEY: PROD_KEY });
    expect(c.NODE_ENV).toBe('production');
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
