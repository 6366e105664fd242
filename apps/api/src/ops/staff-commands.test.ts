import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { COMMANDS, type Output } from './commands';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** `npm run ops -- <argv>` in process: what it printed, or the message it fails with. */
async function ops(...argv: string[]) {
  const lines: string[] = [];
  const out: Output = { line: (text) => lines.push(text), table: (rows) => lines.push(JSON.stringify(rows)) };
  const [name, ...args] = argv;
  try {
    await COMMANDS[name!]!.run(t.ctx, args, out);
    return { lines, error: null };
  } catch (err) {
    return { lines, error: err instanceof Error ? err.message : String(err) };
  }
}

const auditOf = async (staffId: number) =>
  t.ctx.db
    .selectFrom('audit_events')
    .select(['actor', 'action', 'details'])
    .where('subject_type', '=', 'staff')
    .where('subject_id', '=', String(staffId))
    .orderBy('id')
    .execute();
const memberOf = (email: string) =>
  t.ctx.db.selectFrom('staff_members').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('npm run ops -- staff', () => {
  it('adds a member with a role and e-mails the invitation, recorded as ops', async () => {
    const email = `Pat.${randomBytes(3).toString('hex')}@Kestrel.example`;
    const added = await ops('staff', 'add', email, '--role', 'collections', '--name', 'Pat Collector');
    expect(added.error).toBeNull();
    const lower = email.toLowerCase();
    expect(added.lines[0]).toBe(`Invited ${lower} (Pat Collector) as collections.`);
    expect(added.lines.join('\n')).not.toMatch(/staff\/invite\//);
    // The invitation code, printed this once for the admin to give by phone or in person (decision 071).
    const printed = /^Invitation code: ([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4})$/.exec(added.lines[2]!);
    expect(printed, added.lines.join('\n')).not.toBeNull();
    const code = printed![1]!;
    expect(added.lines[3]).toMatch(
      /^Give the code to them yourself, by phone or in person; never by e-mail\./,
    );
    const member = await memberOf(lower);
    expect(member).toMatchObject({ role: 'collections', display_name: 'Pat Collector', username: lower });
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', lower)
      .executeTakeFirstOrThrow();
    expect(t.ctx.outbox.revealForDevelopers(mail).text).toMatch(
      new RegExp(`${t.ctx.config.PUBLIC_URL}/staff/invite/[\\w-]{43}`),
    );
    // The code is in no e-mail: not as sent, not as stored.
    const sent = t.ctx.outbox.revealForDevelopers(mail);
    for (const text of [sent.text, sent.html ?? '', mail.text, mail.html ?? '']) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replace('-', ''));
    }
    expect(sent.text).toContain('invitation code your administrator gives you by phone or in person');
    const invitation = await t.ctx.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('staff_id', '=', (await memberOf(lower)).id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(invitation)).not.toContain(code.replace('-', ''));
    expect(invitation.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({ actor: 'ops', action: 'staff-invited' }),
    ]);
    // The same e-mail twice is refused.
    expect((await ops('staff', 'add', lower, '--role', 'agent')).error).toMatch(/exists already/);
  });

  it('invites again a member not yet enrolled: a new code printed, the old invitation withdrawn', async () => {
    const email = `kit.${randomBytes(3).toString('hex')}@kestrel.example`;
    const first = await ops('staff', 'add', email, '--role', 'agent');
    const again = await ops('staff', 'reinvite', email);
    expect(again.error).toBeNull();
    expect(again.lines[0]).toBe(`Invited ${email} (${email.split('@')[0]}) as agent.`);
    expect(again.lines[2]).toMatch(/^Invitation code: [2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(again.lines[2]).not.toBe(first.lines[2]);
    const member = await memberOf(email);
    const invitations = await t.ctx.db
      .selectFrom('staff_invitations')
      .select('used_at')
      .where('staff_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(invitations.map((i) => i.used_at === null)).toEqual([false, true]);
    expect((await auditOf(member.id)).map((e) => [e.actor, e.action])).toEqual([
      ['ops', 'staff-invited'],
      ['ops', 'staff-reinvited'],
    ]);
    expect((await ops('staff', 'reinvite', 'nobody@kestrel.example')).error).toMatch(/There is no member/);
    await ops('staff', 'disable', email);
    expect((await ops('staff', 'reinvite', email)).error).toMatch(/is disabled/);
  });

  it('refuses a bad role, a bad e-mail or missing words with a clear message, changing nothing', async () => {
    const before = await t.ctx.db.selectFrom('staff_members').select('id').execute();
    expect((await ops('staff', 'add', 'x@kestrel.example', '--role', 'boss')).error).toMatch(
      /^A role is one of agent, underwriter, collections, complaints, team-lead, compliance, admin\./,
    );
    expect((await ops('staff', 'add', 'not-an-email', '--role', 'agent')).error).toMatch(/e-mail address/);
    expect((await ops('staff', 'add', 'x@kestrel.example')).error).toMatch(/Say the role/);
    expect((await ops('staff', 'frobnicate')).error).toMatch(/^Usage: npm run ops -- staff add/);
    expect((await ops('staff', 'role', 'nobody@kestrel.example', 'agent')).error).toMatch(
      /There is no member/,
    );
    expect(await t.ctx.db.selectFrom('staff_members').select('id').execute()).toEqual(before);
  });

  it('lists, changes a role and disables, each recorded as ops', async () => {
    const email = `sam.${randomBytes(3).toString('hex')}@kestrel.example`;
    await ops('staff', 'add', email, '--role', 'agent');
    const listed = await ops('staff', 'list');
    expect(listed.lines).toContain(`${email}  agent  ${email.split('@')[0]}  invited, not yet enrolled`);

    const role = await ops('staff', 'role', email, 'team-lead');
    expect(role.lines).toEqual([`${email} is now team-lead (was agent); it counts from their next call.`]);
    expect((await memberOf(email)).role).toBe('team-lead');

    const disabled = await ops('staff', 'disable', email);
    expect(disabled.lines).toEqual([
      `${email} is disabled: their sessions have ended and they cannot sign in.`,
    ]);
    expect((await memberOf(email)).disabled_at).not.toBeNull();
    expect((await ops('staff', 'disable', email)).lines[0]).toMatch(/was disabled already/);

    const member = await memberOf(email);
    expect(
      (await auditOf(member.id)).map((e) => [e.actor, e.action, e.details && JSON.parse(e.details)]),
    ).toEqual([
      ['ops', 'staff-invited', expect.objectContaining({ email, role: 'agent' })],
      ['ops', 'staff-role-changed', { before: 'agent', after: 'team-lead' }],
      ['ops', 'staff-disabled', { email }],
    ]);
    // A disabled member's invitation no longer opens.
    const open = await t.ctx.db
      .selectFrom('staff_invitations')
      .select('used_at')
      .where('staff_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(open.used_at).not.toBeNull();
  });
});
