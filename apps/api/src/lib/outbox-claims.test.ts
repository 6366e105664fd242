import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { createContext } from '../start';
import { createTestApp, type TestApp } from '../test/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two API processes' outboxes on one database (docs/decisions/032): two contexts, each with its own
 * connection pool (PostgreSQL) or connection (SQLite), sending to one SMS provider that records what
 * it is handed, slowly, as a real one answers.
 */
let provider: http.Server;
const received: string[] = [];
let t: TestApp;
let second: AppContext;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push((JSON.parse(data) as { text: string }).text);
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 5);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({ SMS_PROVIDER_URL: `http://127.0.0.1:${port}/send`, SMS_PROVIDER_KEY: 'k' });
  second = await createContext(t.ctx.config);
});
afterAll(async () => {
  await second?.db.destroy();
  await t?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

const enqueue = async (texts: string[]) => {
  for (const text of texts) await t.ctx.outbox.enqueue(t.ctx.db, { channel: 'sms', to: '07700900100', text });
};
const sentTo = (texts: string[]) => received.filter((r) => texts.includes(r));

describe('outbox delivery claims', () => {
  it.runIf(onPostgres)('delivers each message once when two processes deliver at the same time', async () => {
    const texts = Array.from({ length: 60 }, (_, i) => `together ${i}`);
    await enqueue(texts);
    const rounds = await Promise.all([
      t.ctx.outbox.deliverPending(),
      second.outbox.deliverPending(),
      t.ctx.outbox.deliverPending(),
      second.outbox.deliverPending(),
    ]);
    // Each round takes at most 50; together they send all 60, each once, each round its own share.
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(60);
    expect(rounds.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(sentTo(texts).sort()).toEqual([...texts].sort());
    const rows = await t.ctx.db
      .selectFrom('outbox')
      .select(['sent_at', 'attempts', 'claimed_until'])
      .where('text', 'like', 'together %')
      .execute();
    expect(rows.every((r) => r.sent_at !== null && r.attempts === 1 && r.claimed_until === null)).toBe(true);
  });

  it('leaves to the other process what it has claimed, and sends nothing twice in turns', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `in turns ${i}`);
    await enqueue(texts);
    expect(await t.ctx.outbox.deliverPending()).toBe(12);
    expect(await second.outbox.deliverPending()).toBe(0);
    expect(sentTo(texts)).toHaveLength(12);
  });

  it('skips a message another live round holds, and takes it once that claim has lapsed', async () => {
    await enqueue(['held elsewhere']);
    const held = {
      claimed_by: 'another-host:1:round',
      claimed_until: new Date(Date.now() + 60_000).toISOString(),
    };
    await t.ctx.db.updateTable('outbox').set(held).where('text', '=', 'held elsewhere').execute();
    expect(await second.outbox.deliverPending()).toBe(0);
    expect(sentTo(['held elsewhere'])).toEqual([]);

    // That round was killed mid-send: its claim runs out and the message is sent by the next round.
    const lapsed = new Date(Date.now() - 1000).toISOString();
    await t.ctx.db
      .updateTable('outbox')
      .set({ claimed_until: lapsed })
      .where('text', '=', 'held elsewhere')
      .execute();
    expect(await second.outbox.deliverPending()).toBe(1);
    expect(sentTo(['held elsewhere'])).toEqual(['held elsewhere']);
  });

  it('puts back what a round claimed but did not send, so the next round need not wait for the lapse', async () => {
    await enqueue(['put back']);
    const failing = await createContext({ ...t.ctx.config, SMS_PROVIDER_URL: 'http://127.0.0.1:9/refused' });
    try {
      expect(await failing.outbox.deliverPending()).toBe(0);
    } finally {
      await failing.db.destroy();
    }
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select(['attempts', 'claimed_until', 'claimed_by'])
      .where('text', '=', 'put back')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, claimed_until: null, claimed_by: null });
    expect(await second.outbox.deliverPending()).toBe(1);
  });
});
