import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './008-accounts';
import * as m009 from './009-closed-by-default';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_TABLES = ['app_settings', 'consent_events', 'email_changes', 'login_attempts', 'session_families'];
const newTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => NEW_TABLES.includes(name))
    .sort();

describe('migration 008: sessions, login attempts, e-mail changes, consent, settings', () => {
  it('keeps a refresh token issued before it working as a family of its own, and news consent per channel', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const asked = await createCustomer(t.ctx.db, { news_by_email: 1, news_by_sms: 1 });
    const declined = await createCustomer(t.ctx.db);
    // Back to the schema before 008: the later migration first.
    await m009.down(db);
    await down(db);
    expect(await newTables(db)).toEqual([]);
    expect(
      (await db.selectFrom('customers').select(['id', 'news_from_us']).orderBy('id').execute()).slice(-2),
    ).toEqual([
      { id: asked.id, news_from_us: 1 },
      { id: declined.id, news_from_us: 0 },
    ]);
    // A session as the schema before 008 stored it.
    await db
      .insertInto('refresh_tokens')
      .values({
        customer_id: asked.id,
        token_hash: sha256('legacy-refresh-token'),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        revoked_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    await up(db);
    await m009.up(db);
    expect(await newTables(db)).toEqual(NEW_TABLES);
    const consent = await db
      .selectFrom('customers')
      .select(['id', 'news_by_email', 'news_by_sms'])
      .where('id', 'in', [asked.id, declined.id])
      .orderBy('id')
      .execute();
    expect(consent).toEqual([
      { id: asked.id, news_by_email: 1, news_by_sms: 1 },
      { id: declined.id, news_by_email: 0, news_by_sms: 0 },
    ]);
    const refreshed = await t.ctx.sessions.refresh('legacy-refresh-token');
    expect(refreshed).toHaveProperty('tokens');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: `Bearer ${(refreshed as { tokens: { token: string } }).tokens.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
