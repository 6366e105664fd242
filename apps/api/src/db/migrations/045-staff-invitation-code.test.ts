import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../entities/staff/staff-sessions';
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
    const member = await staffAccounts(t.ctx.db).createMember({
      email: 'm045@kestrel.example',
      displayName: 'Mo',
      role: 'agent',
    });
    const staffId = member.id;
    const invitation = (tokenHash: string) => ({
      staff_id: staffId,
      token_hash: tokenHash,
      pending_totp_secret_sealed: null,
      created_by: 'ops',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2999-01-01T00:00:00.000Z',
      used_at: null,
    });
    // An open invitation with a code, whose hash goes with `down`.
    await db
      .insertInto('staff_invitations')
      .values({ ...invitation('a'.repeat(64)), code_hash: 'c'.repeat(64) })
      .execute();
    await down(db);
    // An invitation made before the code: only the link's hash.
    await db
      .insertInto('staff_invitations')
      .values(invitation('b'.repeat(64)))
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
    // An invitation made now keeps its code's hash, and counts from no failures.
    await db
      .insertInto('staff_invitations')
      .values({ ...invitation('d'.repeat(64)), code_hash: 'e'.repeat(64) })
      .execute();
    expect(
      await db
        .selectFrom('staff_invitations')
        .select(['code_hash', 'code_failures', 'voided_at', 'used_at'])
        .where('token_hash', '=', 'd'.repeat(64))
        .executeTakeFirstOrThrow(),
    ).toEqual({ code_hash: 'e'.repeat(64), code_failures: 0, voided_at: null, used_at: null });
  });
});
