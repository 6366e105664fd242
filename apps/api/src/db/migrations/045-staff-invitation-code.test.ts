import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { staffAccountsStaff } from '../../features/staff/staff-accounts-staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './045-staff-invitation-code';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('migration 045: the staff invitation code', () => {
  it('withdraws an invitation still open from before, which the link alone opened', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const added = await staffAccountsStaff(t.ctx).add('m045@kestrel.example', 'agent', 'Mo', OPS);
    if (!added.ok) throw new Error(added.message);
    const staffId = added.value.member.id;
    await down(db);
    // An invitation made before the code: its columns gone, only the link's hash.
    await db
      .insertInto('staff_invitations')
      .values({
        staff_id: staffId,
        token_hash: 'b'.repeat(64),
        pending_totp_secret_sealed: null,
        created_by: 'ops',
        created_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2999-01-01T00:00:00.000Z',
        used_at: null,
      })
      .execute();
    await up(db);
    const rows = await db
      .selectFrom('staff_invitations')
      .select(['token_hash', 'code_hash', 'code_failures', 'voided_at', 'used_at'])
      .where('staff_id', '=', staffId)
      .orderBy('id')
      .execute();
    // Both withdrawn: the one made before the code, and (its hash gone with `down`) the one made after.
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ code_hash: null, code_failures: 0, voided_at: null });
      expect(row.used_at).not.toBeNull();
    }
    // An invitation made now has its code's hash and opens as before.
    const again = await staffAccountsStaff(t.ctx).reinvite('m045@kestrel.example', OPS);
    expect(again.ok).toBe(true);
    const live = await db
      .selectFrom('staff_invitations')
      .select(['code_hash', 'used_at'])
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    expect(live[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
