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
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({ actor: 'ops', action: 'staff-invited' }),
    ]);
    // The same e-mail twice is refused.
    expect((await ops('staff', 'add', lower, '--role', 'agent')).error).toMatch(/exists already/);
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
