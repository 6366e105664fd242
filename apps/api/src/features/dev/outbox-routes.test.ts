import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { outbox, db } = t.ctx;
  await outbox.enqueue(db, {
    channel: 'email',
    to: 'alice@example.com',
    subject: 'Verify your e-mail',
    text: 'Press https://kestrelloans.example/verify?guid=1 to verify.',
    html: '<p>Press the link</p>',
  });
  await outbox.enqueue(db, { channel: 'sms', to: '07700900123', text: 'Your code is 123456' });
  await outbox.enqueue(db, {
    channel: 'email',
    to: 'alice@example.com',
    subject: 'Sign your agreement <script>alert(1)</script>',
    text: 'Second message for Alice & co',
    html: '<p>Second</p>',
  });
});
afterAll(() => t?.close());

type Item = {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
};

describe('GET /api/dev/outbox', () => {
  it('answers every stored message in the envelope, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.error).toEqual({ errorID: 0, errorMessage: '' });
    const items: Item[] = body.object;
    expect(items.map((m) => m.text)).toEqual([
      'Second message for Alice & co',
      'Your code is 123456',
      'Press https://kestrelloans.example/verify?guid=1 to verify.',
    ]);
    expect(items[1]).toMatchObject({ channel: 'sms', to: '07700900123', subject: null, html: null });
    expect(items[2]).toMatchObject({
      channel: 'email',
      to: 'alice@example.com',
      subject: 'Verify your e-mail',
    });
    for (const m of items) expect(Number.isNaN(Date.parse(m.createdAt))).toBe(false);
  });

  it('filters by recipient with ?to=', async () => {
    const alice = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=alice@example.com' })).body,
    );
    expect(alice.object.map((m: Item) => m.subject)).toEqual([
      'Sign your agreement <script>alert(1)</script>',
      'Verify your e-mail',
    ]);
    const mixedCase = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%20Alice@Example.com%20' })).body,
    );
    expect(mixedCase.object).toHaveLength(2);
    const phone = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=07700900123' })).body,
    );
    expect(phone.object.map((m: Item) => m.channel)).toEqual(['sms']);
    const nobody = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody@example.com' })).body,
    );
    expect(nobody.object).toEqual([]);
  });
});

describe('a message holding a one-time token', () => {
  it('shows the developer the whole link while the stored copy holds only a placeholder', async () => {
    const token = 'tok-4f9a2c7e1b';
    await t.ctx.outbox.enqueue(t.ctx.db, {
      channel: 'email',
      to: 'bob@example.com',
      subject: 'Set your password',
      text: `Set it at https://kestrelloans.example/reset-password/${token} today.`,
      html: `<a href="https://kestrelloans.example/reset-password/${token}">Set it</a>`,
      secrets: [token],
    });
    const stored = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    expect(`${stored.text} ${stored.html}`).not.toContain(token);

    const api = JSON.parse((await t.app.inject({ url: '/api/dev/outbox?to=bob@example.com' })).body);
    expect(api.object[0].text).toBe(`Set it at https://kestrelloans.example/reset-password/${token} today.`);
    expect(api.object[0].html).toContain(`/reset-password/${token}"`);
    const page = (await t.app.inject({ url: '/dev/outbox?to=bob@example.com' })).body;
    expect(page).toContain(`/reset-password/${token}`);
  });
});

describe('GET /dev/outbox', () => {
  it('renders an HTML page listing the messages, escaped, with links clickable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain('<h1>Outbox (development)</h1>');
    expect(res.body).toContain('Verify your e-mail');
    expect(res.body).toContain('Sign your agreement &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('Alice &amp; co');
    expect(res.body).toContain('<a href="https://kestrelloans.example/verify?guid=1">');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('filters with ?to= and keeps the value in the form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=07700900123' });
    expect(res.body).toContain('Your code is 123456');
    expect(res.body).not.toContain('Verify your e-mail');
    expect(res.body).toContain('value="07700900123"');
  });

  it('says so when there is nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=nobody@example.com' });
    expect(res.body).toContain('No messages yet.');
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      DATA_KEY: 'f'.repeat(64),
    });
    await prod.ctx.outbox.enqueue(prod.ctx.db, {
      channel: 'sms',
      to: '07700900999',
      text: 'Your code is 654321',
    });
  });
  afterAll(() => prod?.close());

  it.each(['/api/dev/outbox', '/dev/outbox', '/api/dev/outbox?to=07700900999'])(
    '%s does not exist (404)',
    async (url) => {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body)).toEqual({
        error: { errorID: 404, errorMessage: 'Not found.' },
        object: null,
      });
      expect(res.body).not.toContain('654321');
    },
  );

  it('still serves the API', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
