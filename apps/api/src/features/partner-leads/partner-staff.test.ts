import { addDays, londonToday } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadPayload, postLead } from '../../test/partner-leads';
import { runOps } from '../../test/ops-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { partnerKeyHash } from '../../entities/partner-leads/partner-credential';
import { OPS } from '../../entities/audit/actor';
import type { StaffResult } from '../../lib/staff-result';
import {
  partnerAddedLines,
  partnerListLines,
  partnerReportLines,
  partnerRevokedLines,
} from '../../ops/partner-format';
import { partnerStaff as staffOf, reportSince } from './partner-staff';

type StaffOutcome = { ok: true; lines: string[] } | { ok: false; message: string };

/** The partner staff service as `npm run ops -- partner` runs it (actor ops), its answers as ops prints them. */
function partnerStaff(ctx: TestApp['ctx']) {
  const staff = staffOf(ctx);
  const printed = <T>(r: StaffResult<T>, lines: (v: T) => string[]): StaffOutcome =>
    r.ok ? { ok: true, lines: lines(r.value) } : r;
  return {
    add: async (name: string, tier: string | null) =>
      printed(await staff.add(name, tier, OPS), partnerAddedLines),
    list: async () => printed(await staff.list(), partnerListLines),
    revoke: async (name: string) => printed(await staff.revoke(name, OPS), partnerRevokedLines),
    report: async (name: string, since: string) =>
      printed(await staff.report(name, since), partnerReportLines),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIERS: 'gold' });
});
afterAll(() => t?.close());

const linesOf = (outcome: StaffOutcome) => {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.lines;
};
const keyOf = (lines: string[]) => {
  const keyLines = lines.filter((l) => l.startsWith('key: '));
  expect(keyLines).toHaveLength(1);
  return keyLines[0]!.slice('key: '.length);
};

describe('partner staff commands', () => {
  it('adds a partner: the key printed once, alone on its line, stored only as its hash and hint', async () => {
    const lines = linesOf(await partnerStaff(t.ctx).add('acme', 'gold'));
    expect(lines[0]).toBe('Partner acme added at tier gold: its leads are priced at 0.6% a day.');
    const key = keyOf(lines);
    expect(key).toMatch(/^[A-Za-z0-9]{32,}$/);
    const row = await t.ctx.db
      .selectFrom('partners')
      .selectAll()
      .where('name', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tier_name: 'gold', key_hash: partnerKeyHash(key), key_hint: key.slice(-4) });
    expect(JSON.stringify(row)).not.toContain(key);
    // The key works on this running app at once.
    const res = await postLead(t.app, `Bearer ${key}`, createLeadPayload());
    expect(res.json().object.decision).toBe('accepted');
    // The partner is who decided to send it: its lead's decision names the partner, not a customer.
    const decided = await t.ctx.db
      .selectFrom('application_decisions')
      .innerJoin('partner_leads', 'partner_leads.application_id', 'application_decisions.application_id')
      .select(['application_decisions.kind', 'application_decisions.actor'])
      .where('partner_leads.partner_id', '=', row.id)
      .execute();
    expect(decided).toEqual([{ kind: 'lead-accepted', actor: `partner:${row.id}` }]);
  });

  it('refuses a name used already, or one that is not plain, and warns of a tier not configured', async () => {
    const staff = partnerStaff(t.ctx);
    linesOf(await staff.add('dupe', null));
    expect(await staff.add('dupe', null)).toEqual({
      ok: false,
      message: 'A partner named dupe exists already.',
    });
    expect((await staff.add('no spaces please', null)).ok).toBe(false);
    const lines = linesOf(await staff.add('bronze-broker', 'bronze'));
    expect(lines[0]).toBe(
      'Partner bronze-broker added at tier bronze: its leads are priced at 0.8% a day (the tier is not in PROVIDER_TIERS).',
    );
  });

  it('lists partners with tier, key hint, created and revoked; revoking answers 401 at once', async () => {
    const staff = partnerStaff(t.ctx);
    const key = keyOf(linesOf(await staff.add('listed', null)));
    const lead = createLeadPayload();
    expect((await postLead(t.app, `Bearer ${key}`, lead)).statusCode).toBe(200);
    expect(linesOf(await staff.revoke('listed'))[0]).toMatch(/^Partner listed revoked: its key answers 401/);
    expect((await postLead(t.app, `Bearer ${key}`, createLeadPayload())).statusCode).toBe(401);
    // A revoked key's retry of a lead it sent is refused too: nothing is answered to it.
    expect((await postLead(t.app, `Bearer ${key}`, lead)).statusCode).toBe(401);
    expect(linesOf(await staff.revoke('listed'))[0]).toMatch(/^Partner listed was revoked already \(\d{4}-/);
    expect(await staff.revoke('nobody')).toEqual({ ok: false, message: 'There is no partner nobody.' });
    const list = linesOf(await staff.list());
    expect(list[0]).toMatch(/^\d+ partner\(s\)\.$/);
    expect(list[1]).toMatch(/^name\s+tier\s+key\s+created\s+revoked\s+added by\s+revoked by$/);
    const row = list.find((l) => l.startsWith('listed '))!;
    expect(row).toContain(`...${key.slice(-4)}`);
    expect(row).toMatch(/ \d{4}-\d\d-\d\dT[\d:.]+Z +\d{4}-\d\d-\d\dT[\d:.]+Z +ops +ops$/);
    expect(list.find((l) => l.startsWith('acme '))).toMatch(
      /^acme\s+gold\s+\.\.\.\w{4}\s+\S+\s+-\s+ops\s+-$/,
    );
    expect(list.join('\n')).not.toContain(key);
  });

  it("reports a partner's funnel per London day: leads, accepted, declined, landed, submitted, funded, events", async () => {
    const staff = partnerStaff(t.ctx);
    const key = keyOf(linesOf(await staff.add('funnel', null)));
    const accepted = [createLeadPayload(), createLeadPayload()];
    for (const lead of accepted) await postLead(t.app, `Bearer ${key}`, lead);
    await postLead(t.app, `Bearer ${key}`, createLeadPayload({ isResident: false }));
    const partnerId = (
      await t.ctx.db
        .selectFrom('partners')
        .select('id')
        .where('name', '=', 'funnel')
        .executeTakeFirstOrThrow()
    ).id;
    const leads = await t.ctx.db
      .selectFrom('partner_leads')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('decision', '=', 'accepted')
      .orderBy('id')
      .execute();
    // Each step counts on the London date it happened: the first lead landed yesterday (noon UTC is
    // yesterday in London in winter and summer alike) and was submitted today; the second was paid out.
    const today = londonToday(new Date());
    const yesterday = addDays(today, -1);
    const yesterdayNoon = `${yesterday}T12:00:00.000Z`;
    await t.ctx.db
      .updateTable('partner_leads')
      .set({ landed_at: yesterdayNoon, submitted_at: new Date().toISOString() })
      .where('id', '=', leads[0]!.id)
      .execute();
    for (const [i, eventId] of [1, 2, 3].entries()) {
      await t.ctx.db
        .insertInto('lead_events')
        .values({
          lead_id: leads[0]!.id,
          session_id: 's1',
          event_id: eventId,
          data: null,
          created_at: `${yesterday}T12:0${i}:00.000Z`,
        })
        .execute();
    }
    const application = await t.ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', leads[1]!.application_id!)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('loans')
      .values({
        application_id: application.id,
        customer_id: application.customer_id,
        principal_pence: application.amount_pence,
        daily_rate: 0.008,
        priced_on: today,
        total_repayable_pence: application.amount_pence * 2,
        funded_on: today,
        settled_on: null,
        blocked_on: null,
        blocked_reason: null,
        cpa_cancelled_at: null,
        default_notice_on: null,
        remedy_by: null,
        defaulted_on: null,
        cpa_renewed_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    const lines = linesOf(await staff.report('funnel', addDays(today, -6)));
    expect(lines[0]).toBe(`Partner funnel: leads since ${addDays(today, -6)}, by Europe/London date.`);
    expect(lines.at(-1)).toBe('Declined by reason: notEligible 1.');
    const cells = lines.slice(1, -1).map((l) => l.split(/\s+/));
    expect(cells).toEqual([
      ['date', 'leads', 'accepted', 'declined', 'landed', 'submitted', 'funded', 'events'],
      [yesterday, '0', '0', '0', '1', '0', '0', '3'],
      [today, '3', '2', '1', '0', '1', '1', '0'],
      ['total', '3', '2', '1', '1', '1', '1', '3'],
    ]);
    // A window that starts today leaves yesterday out.
    const todayOnly = linesOf(await staff.report('funnel', today))
      .slice(2, -1)
      .map((l) => l.split(/\s+/)[0]);
    expect(todayOnly).toEqual([today, 'total']);
    expect(await staff.report('nobody', today)).toEqual({
      ok: false,
      message: 'There is no partner nobody.',
    });
  });

  it('reads --since as days back (today included) or a date, 30 days by default', () => {
    expect(reportSince(undefined, '2026-11-26')).toBe('2026-10-28');
    expect(reportSince('1', '2026-11-26')).toBe('2026-11-26');
    expect(reportSince('7', '2026-11-26')).toBe('2026-11-20');
    expect(reportSince('2026-11-01', '2026-11-26')).toBe('2026-11-01');
    expect(reportSince('yesterday', '2026-11-26')).toBeNull();
    expect(reportSince('0', '2026-11-26')).toBeNull();
    expect(reportSince('2026-13-01', '2026-11-26')).toBeNull();
  });
});

/** `npm run ops -- ...` as staff run it, on this test app's own database. */
const ops = (args: string[]) => runOps(t, args);

describe('npm run ops -- partner, against a running server', () => {
  it('adds a key that the running app accepts at once, and revokes it at once', async () => {
    const added = await ops(['partner', 'add', 'live-broker', '--tier', 'gold']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const keyLines = added.stdout.split('\n').filter((l) => /^key: /.test(l));
    expect(keyLines).toHaveLength(1);
    const key = keyLines[0]!.slice(5);
    expect(key).toMatch(/^[A-Za-z0-9]{32,}$/);
    const res = await postLead(t.app, `Bearer ${key}`, createLeadPayload());
    expect(res.json().object.decision).toBe('accepted');
    const revoked = await ops(['partner', 'revoke', 'live-broker']);
    expect(revoked.code).toBe(0);
    expect((await postLead(t.app, `Bearer ${key}`, createLeadPayload())).statusCode).toBe(401);
    const report = await ops(['partner', 'report', 'live-broker', '--since', '1']);
    expect(report.code).toBe(0);
    const printed = report.stdout.split('\n');
    expect(printed.at(-2)).toBe('Declined by reason: none.');
    expect(printed.at(-3)!.split(/\s+/)).toEqual(['total', '1', '1', '0', '0', '0', '0', '0']);
  }, 60_000);
});
