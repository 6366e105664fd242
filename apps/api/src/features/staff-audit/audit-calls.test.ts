import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { csvCell } from './audit-csv';
import { londonDayStart } from './audit-read';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const EVENTS = '/api/staff/Audit/Events';
const EXPORT = '/api/staff/Audit/Export';
const { get } = staffInject(() => t);

/** Two customers with an application each, and audit rows about them written at known instants. */
async function history() {
  const staff = await createStaffSession(t.ctx, 'underwriter');
  const customers = [];
  for (const [i, name] of ['Alder', 'Birch'].entries()) {
    const customer = await t.ctx.db
      .insertInto('customers')
      .values({
        email: `audit-${name.toLowerCase()}-${Date.now()}@example.com`,
        mobile: `0770090${String(Date.now()).slice(-3)}${i}`,
        title_id: 1,
        first_name: 'Ann',
        last_name: name,
        birth_date: '1980-01-01',
        password_hash: null,
        is_legal: 1,
        news_by_email: 0,
        news_by_sms: 0,
        post_code: 'SW1A 1AA',
        address_str: '1 Test Street, London',
        lived_in_address_id: null,
        residential_status_id: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    customers.push(customer.id);
  }
  const at = (iso: string, actor: string, action: string, subject: string | null, details: object | null) =>
    t.ctx.db
      .insertInto('audit_events')
      .values({
        at: iso,
        actor,
        action,
        subject_type: subject ? 'customer' : null,
        subject_id: subject,
        details: details ? JSON.stringify(details) : null,
      })
      .execute();
  // 23:30 UTC on 14 July is 00:30 on 15 July in London (BST).
  await at('2031-07-14T23:30:00.000Z', `staff:${staff.member.id}`, 'note-added', String(customers[0]), {
    before: null,
    after: { note: '=HYPERLINK("http://evil.example","click")' },
    address: '203.0.113.9',
  });
  await at('2031-07-14T22:30:00.000Z', 'ops', 'maintenance-on', null, null);
  await at('2031-07-16T10:00:00.000Z', `staff:${staff.member.id}`, 'record-opened', String(customers[1]), {
    address: '203.0.113.10',
  });
  return { staff, customers };
}

describe('the audit for compliance', () => {
  it('filters by London day, actor and customer, newest first, with who, before/after and address', async () => {
    const { staff, customers } = await history();
    const compliance = await createStaffSession(t.ctx, 'compliance');

    const day = await get(`${EVENTS}?from=2031-07-15&to=2031-07-15`, compliance.cookie);
    expect(day.statusCode).toBe(200);
    const rows = day.json().object;
    expect(rows.capped).toBe(false);
    expect(rows.events).toEqual([
      {
        id: expect.any(Number),
        at: '2031-07-14T23:30:00.000Z',
        actor: `staff:${staff.member.id}`,
        actorName: 'A underwriter',
        action: 'note-added',
        subjectType: 'customer',
        subjectId: String(customers[0]),
        customerId: customers[0],
        before: null,
        after: { note: '=HYPERLINK("http://evil.example","click")' },
        address: '203.0.113.9',
        details: {},
      },
    ]);

    const byActor = await get(
      `${EVENTS}?from=2031-07-14&to=2031-07-16&actor=staff:${staff.member.id}`,
      compliance.cookie,
    );
    expect(byActor.json().object.events.map((e: { action: string }) => e.action)).toEqual([
      'record-opened',
      'note-added',
    ]);
    const byCustomer = await get(`${EVENTS}?customerId=${customers[1]}`, compliance.cookie);
    expect(byCustomer.json().object.events.map((e: { action: string }) => e.action)).toEqual([
      'record-opened',
    ]);
    const ops = await get(`${EVENTS}?from=2031-07-14&to=2031-07-14&actor=ops`, compliance.cookie);
    expect(ops.json().object.events).toMatchObject([
      { action: 'maintenance-on', actorName: 'ops', customerId: null },
    ]);
  });

  it('refuses a filter it cannot read, with the field and its message', async () => {
    const compliance = await createStaffSession(t.ctx, 'compliance');
    const cases: [string, string, string][] = [
      ['from=2031-02-30', 'from', Msg.auditDate],
      ['actor=robot:1', 'actor', Msg.auditActor],
      ['from=2031-07-16&to=2031-07-15', 'to', Msg.auditDateOrder],
      ['customerId=abc', 'customerId', Msg.auditCustomer],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`${EVENTS}?${query}`, compliance.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().object.fields[field], query).toBe(message);
    }
  });

  it('exports the same rows as CSV, escaped against formula injection, and audits the export', async () => {
    const { staff, customers } = await history();
    // A display name is typed by a person: one that reads as a formula must stay text in a spreadsheet.
    await t.ctx.db
      .updateTable('staff_members')
      .set({ display_name: '=HYPERLINK("http://evil.example","click")' })
      .where('id', '=', staff.member.id)
      .execute();
    const compliance = await createStaffSession(t.ctx, 'compliance');
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?from=2031-07-15&to=2031-07-16&actor=staff:${staff.member.id}`,
      headers: { cookie: compliance.cookie },
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="audit-2031-07-15-to-2031-07-16.csv"',
    );
    const name = `"'=HYPERLINK(""http://evil.example"",""click"")"`;
    expect(res.body.split('\r\n')).toEqual([
      'at,actor,actorName,action,subjectType,subjectId,customerId,before,after,address,details',
      `2031-07-16T10:00:00.000Z,staff:${staff.member.id},${name},record-opened,customer,${customers[1]},${customers[1]},,,203.0.113.10,`,
      `2031-07-14T23:30:00.000Z,staff:${staff.member.id},${name},note-added,customer,${customers[0]},${customers[0]},,"{""note"":""=HYPERLINK(\\""http://evil.example\\"",\\""click\\"")""}",203.0.113.9,`,
      '',
    ]);
    const exported = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'audit-exported')
      .where('actor', '=', `staff:${compliance.member.id}`)
      .execute();
    expect(exported).toHaveLength(1);
    expect(JSON.parse(exported[0]!.details!)).toMatchObject({ address: '192.0.2.44', capped: false });
  });
});

describe('a CSV cell', () => {
  it('leads a formula with a quote mark and quotes what needs quoting', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+441234')).toBe("'+441234");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });
});

describe('a London day', () => {
  it('starts at midnight in London, GMT or BST', () => {
    expect(londonDayStart('2031-01-15')).toBe('2031-01-15T00:00:00.000Z');
    expect(londonDayStart('2031-07-15')).toBe('2031-07-14T23:00:00.000Z');
    // The Sundays the clocks change (30 March and 26 October 2031).
    expect(londonDayStart('2031-03-30')).toBe('2031-03-30T00:00:00.000Z');
    expect(londonDayStart('2031-10-26')).toBe('2031-10-25T23:00:00.000Z');
  });
});

describe('who may read the audit (the permission matrix)', () => {
  it('answers 403 to every role without audit:read, and the rows to compliance and admin', async () => {
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const [name, url] of [
        ['auditEvents', EVENTS],
        ['auditExport', EXPORT],
      ] as const) {
        const needs = staffPermissionOf(calls[name].auth) as Permission;
        const allowed = ROLE_PERMISSIONS[role].includes(needs);
        const res = await get(url, staff.cookie);
        expect(res.statusCode, `${role} ${name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID).toBe(ErrorId.forbidden);
      }
    }
    expect(STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('audit:read'))).toEqual([
      'compliance',
      'admin',
    ]);
    expect((await get(EVENTS, '')).statusCode).toBe(401);
    expect((await get(EXPORT, '')).statusCode).toBe(401);
  });
});
