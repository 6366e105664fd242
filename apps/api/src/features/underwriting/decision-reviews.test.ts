import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, type Output } from '../../ops/commands';
import { createStage1Payload } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ops(...args: string[]) {
  const lines: string[] = [];
  const out: Output = { line: (text) => lines.push(text), table: (rows) => lines.push(JSON.stringify(rows)) };
  await COMMANDS[args[0]!]!.run(t.ctx, args.slice(1), out);
  return lines;
}

async function applied(lastName: string) {
  const payload = createStage1Payload({ lastName });
  await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload });
  return t.ctx.db
    .selectFrom('applications')
    .innerJoin('customers', 'customers.id', 'applications.customer_id')
    .select('applications.guid')
    .where('customers.email', '=', payload.email)
    .executeTakeFirstOrThrow();
}

const requestsCount = async () =>
  (await t.ctx.db.selectFrom('decision_review_requests').select('id').execute()).length;

describe('a request for a person to review an automated decline (UK GDPR Art. 22)', () => {
  it('is recorded by staff for a declined application, audited, and listed until reviewed', async () => {
    expect(await ops('reviews', 'list')).toEqual(['No review is waiting.']);
    const { guid } = await applied('Judgement');
    const [line] = await ops(
      'reviews',
      'add',
      guid,
      '--channel',
      'phone',
      '--note',
      'Says the judgment was paid in May.',
    );
    expect(line).toContain(`${guid}  Jane Judgement`);
    expect(line).toContain('by phone (ops): Says the judgment was paid in May.');
    expect(line).toContain(
      '[declined: credit-reference: 1 unsatisfied county court judgment(s), 64000p (SBX-',
    );
    expect(await ops('reviews', 'list')).toEqual([line]);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'decision-review-requested')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'ops', subject_type: 'application', subject_id: guid }),
    ]);

    // One waiting request per application.
    await expect(ops('reviews', 'add', guid, '--channel', 'email', '--note', 'Again.')).rejects.toThrow(
      /already waiting/,
    );
    expect(await requestsCount()).toBe(1);
  });

  it('refuses an application that was not declined, an unknown one, and a request without its channel or note', async () => {
    const { guid } = await applied('Brightwater');
    await expect(ops('reviews', 'add', guid, '--channel', 'phone', '--note', 'Why?')).rejects.toThrow(
      /was not declined/,
    );
    await expect(
      ops('reviews', 'add', '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11', '--channel', 'phone', '--note', 'x'),
    ).rejects.toThrow(/No application/);
    await expect(ops('reviews', 'add', guid, '--channel', 'fax', '--note', 'x')).rejects.toThrow(/Say add/);
    await expect(ops('reviews', 'add', guid, '--channel', 'phone')).rejects.toThrow(/Say add/);
    expect(await requestsCount()).toBe(1);
  });
});
