import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closeIfDue } from './daily-run';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the server's daily close", () => {
  it('leaves the day to another server whose run holds the lock, quietly, and runs once it is free', async () => {
    const cob = t.app.servicing.closeOfBusiness;
    const today = () => t.ctx.businessDate.today();
    const elsewhere = {
      name: 'close-of-business',
      holder: 'another-host:4242:run',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    };
    await t.ctx.db.insertInto('job_locks').values(elsewhere).execute();
    // Not an error every minute while the other server closes the day: this server simply skips its turn.
    await expect(closeIfDue(cob, today, '00:00')).resolves.toBe(false);

    await t.ctx.db.deleteFrom('job_locks').where('name', '=', 'close-of-business').execute();
    await expect(closeIfDue(cob, today, '00:00')).resolves.toBe(true);
  });
});
