import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSession } from '../../test/factories';
import { activeLoan, dueDates, loanInArrears, travelTo } from '../../test/live-loan';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { careCalls, URL_OF } from './staff-care-test-support';

let t: TestApp;
/** A customer whose loan fell into arrears (business date: two days past the first due date). */
let late: Awaited<ReturnType<typeof loanInArrears>>;
/** A customer whose loan is paid out and up to date. */
let upToDate: Awaited<ReturnType<typeof activeLoan>>;

beforeAll(async () => {
  t = await createTestApp();
  upToDate = await activeLoan(t);
  late = await loanInArrears(t);
}, 120_000);
afterAll(() => t?.close());

const { get, post } = staffInject(() => t);
const { logOf, auditOf, worklistOf } = careCalls(() => t);

describe('notes and the contact log', () => {
  it('adds notes and contacts, newest first, a loan page showing those naming it, each audited', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const customerId = upToDate.customerId;
    const general = await post(URL_OF.note, agent.cookie, {
      customerId,
      text: 'Asked about\nrepaying early.',
    });
    expect(general.statusCode, general.body).toBe(200);
    const onLoan = await post(URL_OF.note, agent.cookie, {
      customerId,
      loanId: upToDate.applicationId,
      text: 'Card ending changed, confirmed by phone.',
    });
    const call = await post(URL_OF.contact, agent.cookie, {
      customerId,
      loanId: upToDate.applicationId,
      channel: 'phone',
      direction: 'inbound',
      outcome: 'spokeToCustomer',
      text: '',
    });
    expect(call.json().object).toMatchObject({
      kind: 'contact',
      channel: 'phone',
      direction: 'inbound',
      outcome: 'spokeToCustomer',
      staffName: 'A agent',
    });

    const all = await logOf(agent.cookie, customerId);
    expect(all.map((e) => e.id)).toEqual([
      call.json().object.id,
      onLoan.json().object.id,
      general.json().object.id,
    ]);
    expect(all[2]!.text).toBe('Asked about\nrepaying early.');
    const ofLoan = await logOf(agent.cookie, customerId, upToDate.applicationId);
    expect(ofLoan.map((e) => e.kind)).toEqual(['contact', 'note']);
    // Compliance reads the log.
    const compliance = await createStaffSession(t.ctx, 'compliance');
    expect(await logOf(compliance.cookie, customerId)).toHaveLength(3);

    const noted = await auditOf('note-added', customerId);
    expect(noted).toHaveLength(2);
    expect(noted[0]!.actor).toBe(`staff:${agent.member.id}`);
    const details = JSON.parse(noted[0]!.details!) as Record<string, unknown>;
    expect(details).toMatchObject({
      before: null,
      address: '127.0.0.1',
      after: { text: 'Asked about\nrepaying early.' },
    });
    expect(await auditOf('contact-recorded', customerId)).toHaveLength(1);
  });

  it('refuses bad input with our words and writes nothing', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const other = await createCustomer(t.ctx.db);
    const before = await logOf(agent.cookie, other.id);
    const blank = await post(URL_OF.note, agent.cookie, { customerId: other.id, text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.errorMessage).toBe(Msg.careNote);
    const channel = await post(URL_OF.contact, agent.cookie, {
      customerId: other.id,
      channel: 'pigeon',
      direction: 'inbound',
      outcome: 'noAnswer',
      text: '',
    });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().error.errorMessage).toBe(Msg.careChannel);
    // A loan that is not the customer's, and a customer who does not exist.
    const notTheirs = await post(URL_OF.note, agent.cookie, {
      customerId: other.id,
      loanId: late.applicationId,
      text: 'Wrong loan',
    });
    expect(notTheirs.json().error.errorID).toBe(ErrorId.notFound);
    const nobody = await post(URL_OF.note, agent.cookie, { customerId: 987654321, text: 'Nobody' });
    expect(nobody.json().error.errorID).toBe(ErrorId.notFound);
    expect(await logOf(agent.cookie, other.id)).toEqual(before);
  });

  it('offers no way to change or remove a note or a contact', async () => {
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const customerId = upToDate.customerId;
    const first = (await post(URL_OF.note, lead.cookie, { customerId, text: 'Original words.' })).json()
      .object;
    // The only calls on the log are reading it and adding to it.
    const careCalls = Object.values(calls).filter((c) => c.controller === 'Care');
    expect(careCalls.map((c) => `${c.method} ${c.action}`).sort()).toEqual([
      'GET Log',
      'POST AddContact',
      'POST AddNote',
    ]);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [URL_OF.note, URL_OF.contact, `${URL_OF.log}?customerId=${customerId}`]) {
        const res = await t.app.inject({ method, url, headers: { cookie: lead.cookie }, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Naming an existing entry adds a new one (a correction is a new note); the first is as it was.
    const again = await post(URL_OF.note, lead.cookie, { customerId, id: first.id, text: 'Changed words.' });
    expect(again.json().object.id).not.toBe(first.id);
    const stored = await t.ctx.db
      .selectFrom('customer_care_entries')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe('Original words.');
  });
});

describe('the collections worklist', () => {
  it('lists loans in arrears by bucket with the ledger arrears, the last contact, the next action, the holds', async () => {
    const collections = await createStaffSession(t.ctx, 'collections');
    const list = await worklistOf(collections.cookie);
    const row = list.loans.find((l) => l.loanId === late.applicationId);
    expect(list.loans.some((l) => l.loanId === upToDate.applicationId)).toBe(false);
    // The loan page's arrears figure, not a second sum.
    const loanPage = (
      await get(`/api/staff/Customers/Loan?loanId=${late.applicationId}`, collections.cookie)
    ).json().object as { arrearsPence: number };
    expect(row).toMatchObject({ bucket: '1-7', daysPastDue: 2, overduePence: loanPage.arrearsPence });
    expect(loanPage.arrearsPence).toBeGreaterThan(0);
    expect(row!.lastContact).toBeNull();
    expect(row!.nextAction).toBe('Contact the customer');
    expect(row!.holds.map((h) => h.kind)).toContain('cpaCancelled');
    expect(list.counts['1-7']).toBeGreaterThanOrEqual(1);

    await post(URL_OF.contact, collections.cookie, {
      customerId: late.customerId,
      channel: 'phone',
      direction: 'outbound',
      outcome: 'noAnswer',
      text: 'Rang twice.',
    });
    const today = t.ctx.businessDate.today();
    await t.ctx.db
      .insertInto('breathing_spaces')
      .values({
        application_id: late.applicationId,
        started_on: today,
        ends_on: addDays(today, 59),
        ended_on: null,
        created_at: new Date().toISOString(),
        ended_at: null,
        started_by: 'ops',
        ended_by: null,
      })
      .execute();
    const after = (await worklistOf(collections.cookie)).loans.find((l) => l.loanId === late.applicationId)!;
    expect(after.lastContact).toMatchObject({ outcome: 'noAnswer' });
    // Shown, not hidden: and it says not to pursue the debt.
    expect(after.holds.map((h) => h.kind)).toContain('breathingSpace');
    expect(after.nextAction).toMatch(/^None: breathing space until/);
    await t.ctx.db.deleteFrom('breathing_spaces').where('application_id', '=', late.applicationId).execute();

    expect(
      (await worklistOf(collections.cookie, '8-30')).loans.some((l) => l.loanId === late.applicationId),
    ).toBe(false);
    const bad = await get(`${URL_OF.worklist}?bucket=9-99`, collections.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errorMessage).toBe(Msg.careBucket);
    expect(
      (
        await t.ctx.db
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'collections-worklist-opened')
          .execute()
      ).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('finds its loans through indexes, with no query per loan', async () => {
    if (process.env.TEST_DATABASE_URL) return; // SQLite's plan is the one read here; PostgreSQL plans by size.
    const explained = await sql<{ detail: string }>`
      explain query plan select a.id from applications a join loans l on l.application_id = a.id
      where a.status_id in (22, 23)`.execute(t.ctx.db);
    const details = explained.rows.map((r) => r.detail).join('\n');
    expect(details).toMatch(/applications_status_idx/);
    expect(details).not.toMatch(/SCAN a\b|SCAN applications/);
  });

  it('moves a loan to the next bucket as the business date moves on', async () => {
    const lead = await createStaffSession(t.ctx, 'team-lead');
    const [first] = await dueDates(t, late.applicationId);
    await travelTo(t, addDays(first!, 10));
    const row = (await worklistOf(lead.cookie, '8-30')).loans.find((l) => l.loanId === late.applicationId);
    expect(row).toMatchObject({ daysPastDue: 10, bucket: '8-30' });
  });
});

describe('who may make each call (the permission matrix)', () => {
  const CALLS = [
    { name: 'careLog', send: (c: string) => get(`${URL_OF.log}?customerId=${upToDate.customerId}`, c) },
    {
      name: 'careAddNote',
      send: (c: string) => post(URL_OF.note, c, { customerId: upToDate.customerId, text: 'Matrix note.' }),
    },
    {
      name: 'careAddContact',
      send: (c: string) =>
        post(URL_OF.contact, c, {
          customerId: upToDate.customerId,
          channel: 'email',
          direction: 'outbound',
          outcome: 'sent',
          text: '',
        }),
    },
    { name: 'collectionsWorklist', send: (c: string) => get(URL_OF.worklist, c) },
    {
      name: 'vulnerabilityOfCustomer',
      send: (c: string) => get(`${URL_OF.vulnerabilities}?customerId=${upToDate.customerId}`, c),
    },
    {
      name: 'vulnerabilityRecord',
      send: (c: string) =>
        post(URL_OF.record, c, {
          customerId: upToDate.customerId,
          characteristic: 'capability',
          note: 'Finds written letters hard to follow.',
          healthConsent: false,
          adjustments: 'Explain by phone.',
          reviewOn: addDays(t.ctx.businessDate.today(), 90),
        }),
    },
    // An unknown vulnerability: every role allowed to call it gets past the permission to 'not found'.
    {
      name: 'vulnerabilityEnd',
      send: (c: string) => post(URL_OF.end, c, { vulnerabilityId: 987654, reason: 'Matrix reason' }),
    },
    { name: 'vulnerabilityReviewsDue', send: (c: string) => get(URL_OF.reviews, c) },
  ] as const;

  it("answers 403 to every role without the call's permission, and the call to every role with it", async () => {
    const counts = new Map<string, number>();
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await c.send(staff.cookie);
        expect(res.statusCode, `${role} ${c.name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID, `${role} ${c.name}`).toBe(ErrorId.forbidden);
        if (allowed) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
      }
    }
    // Agent, underwriter, collections, complaints and team-lead add; compliance and admin only read.
    expect(counts.get('careAddNote')).toBe(5);
    expect(counts.get('careLog')).toBe(7);
    expect(counts.get('collectionsWorklist')).toBe(2);
  });

  it('answers 401 to no staff session and to a customer token', async () => {
    const customer = await createSession(t.ctx);
    for (const c of CALLS) {
      expect((await c.send('')).statusCode, c.name).toBe(401);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_OF.log}?customerId=${upToDate.customerId}`,
      headers: { authorization: customer.authorization },
    });
    expect(res.statusCode).toBe(401);
  });
});
