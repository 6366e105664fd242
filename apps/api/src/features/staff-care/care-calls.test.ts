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

const URL_OF = {
  log: '/api/staff/Care/Log',
  note: '/api/staff/Care/AddNote',
  contact: '/api/staff/Care/AddContact',
  worklist: '/api/staff/Collections/Worklist',
  vulnerabilities: '/api/staff/Vulnerability/OfCustomer',
  record: '/api/staff/Vulnerability/Record',
  end: '/api/staff/Vulnerability/End',
  reviews: '/api/staff/Vulnerability/ReviewsDue',
};

type Entry = { id: number; kind: string; loanId: number | null; text: string; outcome: string | null };
const logOf = async (cookie: string, customerId: number, loanId?: number) => {
  const res = await get(`${URL_OF.log}?customerId=${customerId}${loanId ? `&loanId=${loanId}` : ''}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { object: { entries: Entry[] } }).object.entries;
};
const auditOf = (action: string, customerId: number) =>
  t.ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('subject_id', '=', String(customerId))
    .orderBy('id')
    .execute();

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

type WorkLoan = {
  loanId: number;
  overduePence: number;
  daysPastDue: number;
  bucket: string;
  lastContact: { outcome: string } | null;
  nextAction: string;
  holds: { kind: string }[];
  vulnerable: boolean;
};
const worklistOf = async (cookie: string, bucket?: string) => {
  const res = await get(`${URL_OF.worklist}${bucket ? `?bucket=${bucket}` : ''}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { object: { counts: Record<string, number>; loans: WorkLoan[] } }).object;
};

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

type Vuln = { vulnerabilityId: number; characteristic: string; note: string | null; endedAt: string | null };
const vulnerabilitiesOf = async (cookie: string, customerId: number) => {
  const res = await get(`${URL_OF.vulnerabilities}?customerId=${customerId}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { object: { vulnerabilities: Vuln[] } }).object.vulnerabilities;
};

describe('vulnerability', () => {
  it("records health only with the customer's consent, withholds its detail from roles that need not know, and audits each reading", async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const customer = await createCustomer(t.ctx.db);
    const today = t.ctx.businessDate.today();
    const health = {
      customerId: customer.id,
      characteristic: 'health',
      note: 'Recovering from an operation; tires quickly on calls.',
      healthConsent: false,
      adjustments: 'Short calls; write rather than ring.',
      reviewOn: addDays(today, 5),
    };
    const refused = await post(URL_OF.record, agent.cookie, health);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.errorMessage).toBe(Msg.careHealthConsent);
    expect(await vulnerabilitiesOf(agent.cookie, customer.id)).toEqual([]);

    const past = await post(URL_OF.record, agent.cookie, {
      ...health,
      healthConsent: true,
      reviewOn: addDays(today, -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.errorMessage).toBe(Msg.careReviewPast);

    const saved = await post(URL_OF.record, agent.cookie, { ...health, healthConsent: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const life = await post(URL_OF.record, agent.cookie, {
      ...health,
      characteristic: 'lifeEvent',
      note: 'Bereavement in March.',
      reviewOn: addDays(today, 60),
    });
    expect(life.statusCode, life.body).toBe(200);

    const seenByAgent = await vulnerabilitiesOf(agent.cookie, customer.id);
    expect(seenByAgent.map((v) => [v.characteristic, v.note])).toEqual([
      ['health', health.note],
      ['lifeEvent', 'Bereavement in March.'],
    ]);
    const underwriter = await createStaffSession(t.ctx, 'underwriter');
    const seenByUnderwriter = await vulnerabilitiesOf(underwriter.cookie, customer.id);
    expect(seenByUnderwriter.map((v) => [v.characteristic, v.note])).toEqual([
      ['health', null],
      ['lifeEvent', 'Bereavement in March.'],
    ]);
    const viewed = await auditOf('vulnerabilities-viewed', customer.id);
    expect(viewed.map((v) => v.actor)).toEqual([
      `staff:${agent.member.id}`,
      `staff:${agent.member.id}`,
      `staff:${underwriter.member.id}`,
    ]);
    const recorded = await auditOf('vulnerability-recorded', customer.id);
    expect(recorded).toHaveLength(2);
    // The audit is read by admin too: a health condition's words stay out of it.
    expect(recorded[0]!.details).not.toContain('operation');
    expect(recorded[1]!.details).toContain('Bereavement');

    // Reviews due: the health one (5 days), not the life event (60 days).
    const reviews = (await get(URL_OF.reviews, agent.cookie)).json().object.reviews as {
      vulnerabilityId: number;
    }[];
    const ids = reviews.map((r) => r.vulnerabilityId);
    expect(ids).toContain(saved.json().object.vulnerabilityId);
    expect(ids).not.toContain(life.json().object.vulnerabilityId);
  });

  it('ends one with a reason, once, before and after in the audit', async () => {
    const collections = await createStaffSession(t.ctx, 'collections');
    const customer = await createCustomer(t.ctx.db);
    const { vulnerabilityId } = (
      await post(URL_OF.record, collections.cookie, {
        customerId: customer.id,
        characteristic: 'resilience',
        note: 'Lost their job; savings running out.',
        healthConsent: false,
        adjustments: 'Offer a breathing space and debt advice.',
        reviewOn: addDays(t.ctx.businessDate.today(), 30),
      })
    ).json().object;
    const short = await post(URL_OF.end, collections.cookie, { vulnerabilityId, reason: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.errorMessage).toBe(Msg.careEndReason);
    const ended = await post(URL_OF.end, collections.cookie, {
      vulnerabilityId,
      reason: 'Back in work since May.',
    });
    expect(ended.json().object).toMatchObject({
      endReason: 'Back in work since May.',
      endedBy: 'A collections',
    });
    const again = await post(URL_OF.end, collections.cookie, {
      vulnerabilityId,
      reason: 'Back in work since May.',
    });
    expect(again.json().error.errorID).toBe(ErrorId.conflict);
    const [audit] = await auditOf('vulnerability-ended', customer.id);
    const details = JSON.parse(audit!.details!) as {
      before: { endedAt: unknown };
      after: { endReason: string };
    };
    expect(details.before.endedAt).toBeNull();
    expect(details.after.endReason).toBe('Back in work since May.');
    // Ended ones stay on record.
    expect((await vulnerabilitiesOf(collections.cookie, customer.id))[0]!.endedAt).not.toBeNull();
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
