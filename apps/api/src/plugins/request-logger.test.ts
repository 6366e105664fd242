import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

type Line = { level: number; msg?: string; reqId?: string; token?: string };

let t: TestApp | undefined;
afterEach(() => t?.close());

/** An app at `level` whose route logs one line at each level, and the lines it wrote. */
async function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  t = await createTestApp(
    { LOG_LEVEL: level },
    {
      logStream,
      beforeReady: (app) => {
        app.get('/api/test/logs', async (req) => {
          req.log.debug('debug line');
          req.log.info('info line');
          req.log.warn({ token: 'eyJ.secret.token' }, 'warn line');
          return { ok: true };
        });
      },
    },
  );
  return { app: t.app, lines };
}

describe('a request logger', () => {
  it('writes the lines its level allows, with the request id and redaction, and no others', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/api/test/logs' });
    await app.inject({ method: 'GET', url: '/api/test/logs' });
    expect(lines.map((l) => l.msg)).toEqual(['warn line', 'warn line']);
    expect(lines[0]!.token).toBe('[Redacted]');
    expect(lines[0]!.reqId).toMatch(/^req-/);
    expect(lines[1]!.reqId).not.toBe(lines[0]!.reqId);
  });

  it("keeps Fastify's request lines and the request's own at level info, under one request id", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/api/test/logs' });
    expect(lines.map((l) => l.msg)).toEqual([
      'incoming request',
      'info line',
      'warn line',
      'request completed',
    ]);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(1);
  });
});
