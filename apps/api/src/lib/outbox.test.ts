import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestApp, type TestApp } from '../test/test-app';
import type { OutgoingMessage } from './outbox';
import { randomToken } from './secrets';

/** A welcome e-mail's shape: a set-password link in the text and in the html. */
const withLink = (to: string, token: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Welcome',
  text: `Set a password: http://localhost:3000/reset-password/${token}\nIt works once.`,
  html: `<p><a href="http://localhost:3000/reset-password/${token}">Set your password</a></p>`,
  secrets: [token],
});

const rowTo = (app: TestApp, to: string) =>
  app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

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

  it('stores a message without its one-time token, which only a developer view puts back', async () => {
    const token = randomToken();
    await t.ctx.outbox.enqueue(t.ctx.db, withLink('link@example.com', token));
    const row = await rowTo(t, 'link@example.com');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.text).toBe(
      'Set a password: http://localhost:3000/reset-password/[one-time token 1]\nIt works once.',
    );
    expect(row.html).toBe(
      '<p><a href="http://localhost:3000/reset-password/[one-time token 1]">Set your password</a></p>',
    );
    expect(row.sealed_secrets).toMatch(/^v1\./);
    const message = withLink('link@example.com', token);
    expect(t.ctx.outbox.revealForDevelopers(row)).toEqual({
      text: message.text,
      html: message.channel === 'email' ? message.html : null,
    });
  });

  it('refuses a one-time token the message does not hold as is, rather than store it in another form', async () => {
    const token = randomToken();
    const encoded = {
      ...withLink('encoded@example.com', encodeURIComponent(`${token}/x`)),
      secrets: [`${token}/x`],
    };
    await expect(t.ctx.outbox.enqueue(t.ctx.db, encoded)).rejects.toThrow('URL-safe token');
    const absent = { ...withLink('absent@example.com', token), secrets: [randomToken()] };
    await expect(t.ctx.outbox.enqueue(t.ctx.db, absent)).rejects.toThrow('appear as is in the text');
    const stored = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', 'in', ['encoded@example.com', 'absent@example.com'])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('outbox in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      DATA_KEY: 'e'.repeat(64),
    });
  });
  afterAll(() => prod?.close());

  it('stores the link without its token and never reveals it', async () => {
    const token = randomToken();
    await prod.ctx.outbox.enqueue(prod.ctx.db, withLink('prod@example.com', token));
    const row = await rowTo(prod, 'prod@example.com');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(() => prod.ctx.outbox.revealForDevelopers(row)).toThrow('never revealed in production');
  });
});

describe('outbox with an SMTP server', () => {
  let smtp: SmtpSink;
  let mail: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    mail = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await mail?.close();
    await smtp?.close();
  });

  it('sends the set-password link whole, then keeps no way to open it', async () => {
    const token = randomToken();
    await mail.ctx.outbox.enqueue(mail.ctx.db, withLink('jane@example.com', token));
    expect(await mail.ctx.outbox.deliverPending()).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const sent = decodeQuotedPrintable(smtp.messages[0]!);
    expect(sent).toContain('To: jane@example.com');
    expect(sent).toContain(`Set a password: http://localhost:3000/reset-password/${token}`);
    expect(sent).toContain(`<a href="http://localhost:3000/reset-password/${token}">`);
    expect(sent).not.toContain('[one-time token');

    const row = await rowTo(mail, 'jane@example.com');
    expect(row).toMatchObject({ attempts: 1, sealed_secrets: null });
    expect(row.sent_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.text).toContain('/reset-password/[one-time token 1]');
    // Delivered: even the development view has nothing left to put back.
    expect(mail.ctx.outbox.revealForDevelopers(row).text).toBe(row.text);
  });

  it('sends a text part, an html part and an attachment as one multipart message', async () => {
    const pdf = Buffer.from('%PDF-1.7\nnot really a PDF, but bytes that must arrive unchanged\n\u00ff');
    await mail.ctx.outbox.enqueue(mail.ctx.db, {
      channel: 'email',
      to: 'signed@example.com',
      subject: 'Your signed loan agreement',
      text: 'Your copy is attached.',
      html: '<p>Your copy is <strong>attached</strong>.</p>',
      attachments: [{ fileName: 'loan-agreement.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const before = smtp.messages.length;
    expect(await mail.ctx.outbox.deliverPending()).toBe(1);
    const sent = smtp.messages[before]!;
    expect(sent).toMatch(/Content-Type: multipart\/mixed/);
    expect(sent).toMatch(/Content-Type: multipart\/alternative/);
    expect(decodeQuotedPrintable(sent)).toContain('Your copy is attached.');
    expect(decodeQuotedPrintable(sent)).toContain('<p>Your copy is <strong>attached</strong>.</p>');
    expect(sent).toMatch(/Content-Type: application\/pdf; name=loan-agreement\.pdf/);
    // The attachment's base64 lines, joined, are the bytes given.
    const part = sent.split(/Content-Disposition: attachment; filename=loan-agreement\.pdf\r\n\r\n/)[1]!;
    const base64 = part.split(/\r\n--/)[0]!.replace(/\r\n/g, '');
    expect(Buffer.from(base64, 'base64').equals(pdf)).toBe(true);
  });
});

describe('outbox with an SMS provider', () => {
  let server: http.Server;
  let sms: TestApp;
  const received: { auth: string | undefined; body: { to: string; text: string } }[] = [];
  /** How many of the next requests the provider refuses. */
  let failures = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        if (failures > 0) {
          failures -= 1;
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
    failures = 1;
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

  it('gives a message up after five failed attempts, and with it its one-time token', async () => {
    const token = randomToken();
    await sms.ctx.outbox.enqueue(sms.ctx.db, {
      channel: 'sms',
      to: '07700900005',
      text: `Set a password: http://localhost:3000/reset-password/${token}`,
      secrets: [token],
    });
    failures = 5;
    for (let round = 1; round <= 5; round++) {
      expect(await sms.ctx.outbox.deliverPending()).toBe(0);
      const row = await rowTo(sms, '07700900005');
      expect(row.attempts).toBe(round);
      expect(row.sealed_secrets === null, `after attempt ${round}`).toBe(round === 5);
    }
    expect(await sms.ctx.outbox.deliverPending()).toBe(0);
    expect((await rowTo(sms, '07700900005')).attempts).toBe(5);
    expect(received.some((r) => r.body.to === '07700900005')).toBe(false);
  });

  it('sends an SMS with its one-time token in place, and stores it without', async () => {
    const token = randomToken();
    await sms.ctx.outbox.enqueue(sms.ctx.db, {
      channel: 'sms',
      to: '07700900006',
      text: `Set a password: http://localhost:3000/reset-password/${token}`,
      secrets: [token],
    });
    expect(await sms.ctx.outbox.deliverPending()).toBe(1);
    expect(received.at(-1)!.body).toEqual({
      to: '07700900006',
      text: `Set a password: http://localhost:3000/reset-password/${token}`,
    });
    const row = await rowTo(sms, '07700900006');
    expect(row).toMatchObject({
      text: 'Set a password: http://localhost:3000/reset-password/[one-time token 1]',
      sealed_secrets: null,
      attempts: 1,
    });
  });
});
