import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledLoan } from '../../test/live-loan';
import { repeatBody } from '../../test/repeat-loan-payload';
import { newestOf, repeatLoan } from '../../test/repeat-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, connectAs } from './open-banking-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statementFindings = (applicationId: number) =>
  t.ctx.db
    .selectFrom('decision_findings')
    .select(['outcome', 'reason_code'])
    .where('application_id', '=', applicationId)
    .where('check_name', '=', 'bank-statement')
    .orderBy('position')
    .execute();

describe('Open banking in the repeat loan (issue 49)', () => {
  it("declines on what the customer's statement shows, in the one decision step, and keeps it with the application", async () => {
    const c = await settledLoan(t);
    const found = await connectAs(t, c.authorization, 'stressed', 'repeatLoan');
    expect(found.error.errorID).toBe(0);
    expect((found.object as { returnTo: string }).returnTo).toBe('repeatLoan');

    const res = await repeatLoan(t, c, repeatBody(c));
    expect(res.json().error).toEqual(Refusal.declined);
    const app = await newestOf(t, c.customerId);
    expect(app.status_id).toBe(AppStatus.leadDeclined);
    expect((await statementFindings(app.id)).map((f) => f.reason_code)).toEqual([
      'gambling',
      'returnedDirectDebits',
      'hcstcLenders',
    ]);
    const kept = await t.ctx.db.selectFrom('bank_verifications').selectAll().executeTakeFirstOrThrow();
    expect(kept.application_id).toBe(app.id);
  });

  it('an income over £3,000 is confirmed first: refused with 292, nothing stored; then lent on the lower income', async () => {
    const c = await settledLoan(t);
    const before = await newestOf(t, c.customerId);
    const refused = await repeatLoan(t, c, repeatBody(c, { netPay: 3200 }));
    expect(refused.json().error.errorID).toBe(ErrorId.bankConnectionRequired);
    expect((await newestOf(t, c.customerId)).id).toBe(before.id);

    await connectAs(t, c.authorization, 'salaried', 'repeatLoan');
    const state = await callAs(t, c.authorization, 'GetVerification?for=repeatLoan');
    expect(
      (state.object as { verification: { monthlyIncomePence: number } }).verification.monthlyIncomePence,
    ).toBe(240_000);
    const lent = await repeatLoan(t, c, repeatBody(c, { netPay: 3200 }));
    expect(lent.json().object.appStatusID).toBe(AppStatus.esignSent);
    const app = await newestOf(t, c.customerId);
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .select('net_income_pence')
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(240_000);
    expect((await statementFindings(app.id)).map((f) => [f.outcome, f.reason_code])).toEqual([
      ['pass', 'statementClear'],
    ]);
  });
});
