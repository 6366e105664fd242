import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('outbox', () => {
  it('stores a message with the change it belongs to, and not when that change rolls back', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.outbox.enqueue(trx, { channel: 'sms', to: '07700900001', text: 'committed' });
    });
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.outbox.enqueue(trx, { channel: 'sms', to: '07700900001', text: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.ctx.db
      .selectFrom('outbox')
      .select('text')
      .where('to_address', '=', '07700900001')
      .execute();
    expect(rows.map((r) => r.text)).toEqual(['committed']);
  });

  it('keeps messages for /dev/outbox when no transport is configured', async () => {
    await t.ctx.outbox.enqueue(t.ctx.db, { channel: 'sms', to: '07700900002', text: 'kept' });
    expect(await t.ctx.outbox.deliverPending()).toBe(0);
    const row = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', '07700900002')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_at: null, attempts: 0 });
  });
});

describe('outbox with an SMS provider', () => {
  let server: http.Server;
  let sms: TestApp;
  const received: { auth: string | undefined; body: { to: string; text: string } }[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(502).end();
          return;
        }
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    sms = await createTestApp({
      SMS_PROVIDER_URL: `http://127.0.0.1:${port}/send`,
      SMS_PROVIDER_KEY: 'sms-key',
    });
  });
  afterAll(async () => {
    await sms?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('hands pending SMS to the provider once and marks them sent', async () => {
    await sms.ctx.outbox.enqueue(sms.ctx.db, {
      channel: 'sms',
      to: '07700900003',
      text: 'Your code is 111111',
    });
    expect(await sms.ctx.outbox.deliverPending()).toBe(1);
    expect(received).toEqual([
      { auth: 'Bearer sms-key', body: { to: '07700900003', text: 'Your code is 111111' } },
    ]);
    expect(await sms.ctx.outbox.deliverPending()).toBe(0);
    const row = await sms.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', '07700900003')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('records a failed attempt and retries it next round', async () => {
    failNext = true;
    await sms.ctx.outbox.enqueue(sms.ctx.db, { channel: 'sms', to: '07700900004', text: 'retry me' });
    expect(await sms.ctx.outbox.deliverPending()).toBe(0);
    const failed = await sms.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', '07700900004')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sent_at: null, attempts: 1, last_error: 'SMS provider answered 502' });
    expect(await sms.ctx.outbox.deliverPending()).toBe(1);
    expect(received.at(-1)!.body.text).toBe('retry me');
  });
});
