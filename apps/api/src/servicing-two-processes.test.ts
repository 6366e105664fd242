import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from './app-context';
import { outsideServices } from './lib/outside-services';
import { servicingFor, type Servicing } from './servicing';
import { createContext } from './start';
import { createTestApp, type TestApp } from './test/test-app';
import { signedUndecided } from './test/undecided-signature';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two API processes on one database (docs/decisions/032) each run the underwriting sweep every 15 s,
 * and the process that stored a signature decides it at once: the same signed application may be
 * decided by two of them at the same moment. Two contexts, each with its own connection pool.
 */
let t: TestApp;
let second: AppContext;
let secondServicing: Servicing;

beforeAll(async () => {
  t = await createTestApp();
  second = await createContext(t.ctx.config);
  // The same outside services (the payout sandbox is one provider, whoever calls it).
  secondServicing = servicingFor(second, outsideServices(second, t.app));
});
afterAll(async () => {
  await second?.db.destroy();
  await t?.close();
});

async function paidOnce(applicationId: number) {
  const status = await t.ctx.db
    .selectFrom('applications')
    .select('status_id')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  expect(status.status_id).toBe(AppStatus.active);
  const decisions = await t.ctx.db
    .selectFrom('application_decisions')
    .select('kind')
    .where('application_id', '=', applicationId)
    .execute();
  expect(decisions.filter((d) => d.kind === 'underwriting-approved')).toHaveLength(1);
  expect(decisions.filter((d) => d.kind === 'funded')).toHaveLength(1);
  const payouts = await t.ctx.db
    .selectFrom('payouts')
    .select('idempotency_key')
    .where('application_id', '=', applicationId)
    .execute();
  expect(payouts).toHaveLength(1);
  const atProvider = await t.ctx.db
    .selectFrom('payout_sandbox_payments' as never)
    .select('idempotency_key' as never)
    .where('idempotency_key' as never, '=', payouts[0]!.idempotency_key as never)
    .execute();
  expect(atProvider).toHaveLength(1);
  const advances = await t.ctx.db
    .selectFrom('loan_transactions')
    .select('amount_pence')
    .where('application_id', '=', applicationId)
    .where('type', '=', 'advance')
    .execute();
  expect(advances).toHaveLength(1);
}

const lockRows = () =>
  second.db.selectFrom('job_locks').select('name').where('name', '=', 'underwriting-sweep').execute();

describe('underwriting in two processes at once', () => {
  it.runIf(onPostgres)(
    'decides and pays out a signed application once when both sweep together',
    async () => {
      const applicationId = await signedUndecided(t);
      const [here, there] = await Promise.all([
        t.app.servicing.underwriting.run(),
        secondServicing.underwriting.run(),
      ]);
      // One sweep decided it; the other found the lock taken, or the application decided already.
      expect([...here, ...there].filter((d) => d.outcome === 'approved')).toHaveLength(1);
      await paidOnce(applicationId);
      expect(await lockRows()).toEqual([]);
    },
  );

  it.runIf(onPostgres)(
    "decides and pays out once when a signature's own decision meets the other process's",
    async () => {
      const applicationId = await signedUndecided(t);
      const [own, other, swept] = await Promise.all([
        t.app.servicing.underwriting.decideApplication(applicationId),
        secondServicing.underwriting.decideApplication(applicationId),
        secondServicing.underwriting.run(),
      ]);
      const outcomes = [own?.outcome, other?.outcome, ...swept.map((d) => d.outcome)];
      expect(outcomes.filter((o) => o === 'approved')).toHaveLength(1);
      // Whichever approved started the payout; a later sweep finishes one that was cut short.
      await t.app.servicing.underwriting.run();
      await paidOnce(applicationId);
    },
  );

  // SQLite has one writer: two processes' sweeps take turns (the same code, one after the other here).
  it('decides and pays out once when the second process sweeps after the first', async () => {
    const applicationId = await signedUndecided(t);
    const first = await secondServicing.underwriting.run();
    const again = await t.app.servicing.underwriting.run();
    expect([...first, ...again].filter((d) => d.outcome === 'approved')).toHaveLength(1);
    await paidOnce(applicationId);
    expect(await lockRows()).toEqual([]);
  });
});
