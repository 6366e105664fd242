import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { systemStaff } from '../../lib/system-staff';
import { auditLines } from '../../ops/staff-format';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './020-actors-and-audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('migration 020: who acted', () => {
  it('gives decisions made before it the actor that could have made them, and rolls back', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const customer = await createCustomer(t.ctx.db);
    await down(db);
    const at = new Date().toISOString();
    const row = (kind: string) => ({
      application_id: null,
      customer_id: customer.id,
      kind,
      reason: 'r',
      created_at: at,
    });
    await db
      .insertInto('application_decisions')
      .values([
        row('underwriting-approved'),
        row('underwriter-declined'),
        row('stage1-passed'),
        row('defaulted'),
      ])
      .execute();
    await up(db);
    const actors = await db
      .selectFrom('application_decisions')
      .select(['kind', 'actor'])
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(actors).toEqual([
      { kind: 'underwriting-approved', actor: 'system:underwriting' },
      { kind: 'underwriter-declined', actor: 'ops' },
      { kind: 'stage1-passed', actor: `customer:${customer.id}` },
      { kind: 'defaulted', actor: 'system:close-of-business' },
    ]);
  });
});

describe('staff actions without a row of their own', () => {
  it('are appended to the audit with their actor, and `ops audit` prints who did what', async () => {
    const staff = systemStaff(t.ctx);
    const since = new Date(Date.now() - 1000);
    expect(await staff.setMaintenance(true, OPS)).toEqual({ ok: true, value: { on: true, by: 'ops' } });
    expect((await staff.setMaintenance(false, 'staff:9')).ok).toBe(true);
    const events = await staff.auditSince(since);
    expect(events.map((e) => [e.actor, e.action])).toEqual([
      ['staff:9', 'maintenance-off'],
      ['ops', 'maintenance-on'],
    ]);
    const lines = auditLines(events, since);
    expect(lines[0]).toBe(`2 staff action(s) since ${since.toISOString()}:`);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}staff:9 {2}maintenance-off$/);
    expect(lines[2]).toMatch(/ {2}ops {2}maintenance-on$/);
  });
});
