import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './004-outbox-sealed-secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('migration 004: outbox secrets kept apart', () => {
  it('removes the set-password token from messages already delivered, and only from those', async () => {
    // The outbox as it was before this migration, holding two welcome e-mails with live links.
    const db = t.ctx.db as unknown as Kysely<any>;
    await down(db);
    const link = (token: string) => `http://localhost:3000/reset-password/${token}`;
    const row = (to: string, token: string, sentAt: string | null) => ({
      channel: 'email',
      to_address: to,
      subject: 'Welcome',
      text: `Set a password: ${link(token)}`,
      html: `<a href="${link(token)}">Set your password</a>`,
      created_at: '2026-11-01T10:00:00',
      sent_at: sentAt,
      attempts: sentAt ? 1 : 0,
    });
    await db
      .insertInto('outbox')
      .values([
        row('sent@example.com', 'Sent-token_1', '2026-11-01T10:00:05'),
        row('waiting@example.com', 'Waiting-token_2', null),
      ])
      .execute();

    await up(db);

    const rows = await t.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'text', 'html', 'sealed_secrets'])
      .orderBy('to_address')
      .execute();
    expect(rows).toEqual([
      {
        to_address: 'sent@example.com',
        text: `Set a password: ${link('[one-time token 1]')}`,
        html: `<a href="${link('[one-time token 1]')}">Set your password</a>`,
        sealed_secrets: null,
      },
      // Not delivered yet: scrubbed now, it would go out without a link that works.
      {
        to_address: 'waiting@example.com',
        text: `Set a password: ${link('Waiting-token_2')}`,
        html: `<a href="${link('Waiting-token_2')}">Set your password</a>`,
        sealed_secrets: null,
      },
    ]);
  });
});
