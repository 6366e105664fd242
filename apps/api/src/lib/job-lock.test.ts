import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { jobLock } from './job-lock';

describe('jobLock (one runner at a time, in the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a second holder while the first lives, and lets it in once released', async () => {
    const first = jobLock(t.ctx.db, 'test-a');
    const second = jobLock(t.ctx.db, 'test-a');
    expect(await first.take()).toBe(true);
    expect(await first.renew()).toBe(true);
    expect(await second.take()).toBe(false);
    expect((await second.heldBy())?.holder).toContain(`${os.hostname()}:${process.pid}:`);
    await first.release();
    expect(await second.take()).toBe(true);
    await second.release();
  });

  it('takes over a lapsed lock, and at once the lock of a process of this machine that has died', async () => {
    const lock = jobLock(t.ctx.db, 'test-b');
    const future = new Date(Date.now() + 600_000).toISOString();
    // A pid no process has: the kernel's maximum is far below it.
    await t.ctx.db
      .insertInto('job_locks')
      .values({ name: 'test-b', holder: `${os.hostname()}:999999999:x`, expires_at: future })
      .execute();
    expect(await lock.take()).toBe(true);
    await lock.release();
    // Another machine's holder is not judged from here: only its lapse frees the lock.
    await t.ctx.db
      .insertInto('job_locks')
      .values({ name: 'test-b', holder: 'elsewhere:1:x', expires_at: future })
      .execute();
    expect(await lock.take()).toBe(false);
    await t.ctx.db
      .updateTable('job_locks')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', 'test-b')
      .execute();
    expect(await lock.take()).toBe(true);
  });
});
