import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applicantAt, createStage3Payload } from '../../test/application-journey';
import { createTestApp, type TestApp } from '../../test/test-app';
import { entityStore } from '../../entities/unit-of-work';
import { obSandboxDb } from '../../sandbox/open-banking/tables';
import { atTheBank, callAs, completeFrom, connectAs, startAt } from './open-banking-test-support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const submitStage3 = async (authorization: string, overrides: Record<string, unknown> = {}) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage3',
      headers: { authorization },
      payload: createStage3Payload(overrides),
    })
  ).json<{ error: { errorID: number }; object: { appStatusID: number } | null }>();
const application = () => t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
const findings = async () =>
  t.ctx.db
    .selectFrom('decision_findings')
    .select(['check_name', 'outcome', 'reason_code', 'details'])
    .where('check_name', '=', 'bank-statement')
    .orderBy('position')
    .execute();
const verifications = () => t.ctx.db.selectFrom('bank_verifications').selectAll().execute();
const connection = () => t.ctx.db.selectFrom('bank_connections').selectAll().executeTakeFirstOrThrow();
type Found = {
  outcome: string;
  returnTo: string;
  verification: {
    monthlyIncomePence: number;
    incomeSources: { payer: string; kind: string; monthlyPence: number }[];
    spending: { category: string; monthlyPence: number }[];
  } | null;
};

describe('Open banking at stage 3 (issue 49)', () => {
  it('salaried: the income from ACME LTD and the rent are found, the statement is clear and the application completes', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const before = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect(before.object).toEqual({ required: false, requiredBecause: [], verification: null });

    const done = await connectAs(t, authorization, 'salaried');
    expect(done.error.errorID).toBe(0);
    const found = done.object as Found;
    expect(found.outcome).toBe('connected');
    expect(found.returnTo).toBe('stage3');
    expect(found.verification!.incomeSources[0]).toEqual({
      payer: 'ACME LTD',
      kind: 'salary',
      monthlyPence: 240_000,
    });
    expect(found.verification!.spending).toContainEqual({ category: 'rent', monthlyPence: 75_000 });
    // The page reads the same again before the applicant submits.
    const after = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect((after.object as { verification: unknown }).verification).toEqual(found.verification);

    const answer = await submitStage3(authorization);
    expect(answer.error.errorID).toBe(0);
    expect((await application()).status_id).toBe(AppStatus.applicationCompleted);
    expect(await findings()).toEqual([
      expect.objectContaining({ outcome: 'pass', reason_code: 'statementClear' }),
    ]);
    // The lower income counts: £2,200 declared, £2,400 seen. The higher rent counts: £600 declared, £750 seen.
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(220_000);
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('kind', '=', 'affordability-passed')
      .executeTakeFirstOrThrow();
    expect(decision.reason).toContain('spending raised to the statement');
    expect(decision.reason).toContain('rent');

    // Kept with the application, its transactions sealed and due for deletion 30 days after the decision.
    const [kept] = await verifications();
    const today = t.ctx.businessDate.today();
    expect(kept!.application_id).toBe((await application()).id);
    expect(kept!.delete_transactions_on).toBe(addDays(today, 30));
    expect(kept!.transactions_sealed).not.toBeNull();
    expect(kept!.transactions_sealed).not.toContain('ACME');
  });

  it('stressed: the lower income counts and the statement declines on gambling, returned direct debits and three payday lenders', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const found = (await connectAs(t, authorization, 'stressed')).object as Found;
    expect(found.verification!.incomeSources[0]!.monthlyPence).toBe(190_000);
    // The £300 payday loan paid in is not income.
    expect(found.verification!.monthlyIncomePence).toBe(190_000);

    const answer = await submitStage3(authorization);
    expect(answer.error.errorID).toBe(ErrorId.declined);
    expect((await application()).status_id).toBe(AppStatus.leadDeclined);
    expect((await findings()).map((f) => [f.outcome, f.reason_code])).toEqual([
      ['decline', 'gambling'],
      ['decline', 'returnedDirectDebits'],
      ['decline', 'hcstcLenders'],
    ]);
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(190_000);
  });

  it('gig: Universal Credit and the gig payouts are income, the statement is clear, and the lower income counts', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const found = (await connectAs(t, authorization, 'gig')).object as Found;
    const sources = found.verification!.incomeSources;
    expect(sources.find((s) => s.kind === 'benefits')).toEqual({
      payer: 'DWP UC',
      kind: 'benefits',
      monthlyPence: 85_000,
    });
    expect(sources.map((s) => s.payer)).toEqual(expect.arrayContaining(['UBER EATS', 'DELIVEROO']));
    const income = found.verification!.monthlyIncomePence;
    expect(income).toBe(sources.reduce((sum, s) => sum + s.monthlyPence, 0));

    const answer = await submitStage3(authorization);
    expect(answer.error.errorID).toBe(0);
    expect((await findings()).map((f) => f.reason_code)).toEqual(['statementClear']);
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(Math.min(income, 220_000));
  });

  it('empty: an account opened last week shows no income, so the declared income stands and it is noted', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const found = (await connectAs(t, authorization, 'empty')).object as Found;
    expect(found.verification!.monthlyIncomePence).toBe(0);
    expect(found.verification!.incomeSources).toEqual([]);

    expect((await submitStage3(authorization)).error.errorID).toBe(0);
    expect((await findings()).map((f) => f.reason_code)).toEqual(['statementTooShort', 'statementClear']);
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(220_000);
  });

  it('a statement too short to show the income does not meet the need to confirm it', async () => {
    const { authorization } = await applicantAt(t, 'stage3', { monthlynetPay: 3200 });
    await connectAs(t, authorization, 'empty');
    const state = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect((state.object as { required: boolean }).required).toBe(true);
    expect((await submitStage3(authorization)).error.errorID).toBe(ErrorId.bankConnectionRequired);
  });

  it('a denied consent is recorded and the applicant goes on without it', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const back = await atTheBank(t, await startAt(t, authorization), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const answer = await completeFrom(t, authorization, back);
    expect(answer.object).toEqual({ returnTo: 'stage3', outcome: 'denied', verification: null });
    expect((await connection()).status).toBe('denied');
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
    expect(await findings()).toEqual([]);
  });

  it("the bank's return completes once, for the customer who started it, within the hour", async () => {
    const first = await applicantAt(t, 'stage3');
    const other = await applicantAt(t, 'stage3');
    const back = await atTheBank(t, await startAt(t, first.authorization), { customer: 'salaried' });
    // Another customer holding the link learns nothing and changes nothing.
    expect((await completeFrom(t, other.authorization, back)).error.errorID).toBe(
      ErrorId.bankConnectionClosed,
    );
    expect((await connection()).status).toBe('awaiting');
    expect((await completeFrom(t, first.authorization, back)).error.errorID).toBe(0);
    expect((await completeFrom(t, first.authorization, back)).error.errorID).toBe(
      ErrorId.bankConnectionClosed,
    );

    // A return after the hour is refused and the connection is over.
    const late = await atTheBank(t, await startAt(t, other.authorization), { customer: 'salaried' });
    await t.ctx.db
      .updateTable('bank_connections')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('customer_id', '!=', (await connection()).customer_id)
      .execute();
    expect((await completeFrom(t, other.authorization, late)).error.errorID).toBe(
      ErrorId.bankConnectionClosed,
    );
    const statuses = await t.ctx.db.selectFrom('bank_connections').select('status').orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['connected', 'expired']);
  });

  it('a bank that fails is refused with errorID 290, nothing stored, and stage 3 goes on without it', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const answer = await callAs(t, authorization, 'StartConnection', {
      bankId: 'failing-bank',
      returnTo: 'stage3',
    });
    expect(answer.error.errorID).toBe(ErrorId.bankUnavailable);
    expect(await t.ctx.db.selectFrom('bank_connections').selectAll().execute()).toEqual([]);
    // A bank not on the list is the applicant's field to correct (HTTP 400), nothing asked of any bank.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/OpenBanking/StartConnection',
      headers: { authorization },
      payload: { bankId: 'no-such-bank', returnTo: 'stage3' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: 'Please choose your bank.' },
      object: { fields: { bankId: 'Please choose your bank.' } },
    });
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
  });

  it('an income over £3,000 must be confirmed: stage 3 is refused (nothing changed) until the bank is connected', async () => {
    const { authorization } = await applicantAt(t, 'stage3', { monthlynetPay: 3200 });
    const state = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect(state.object).toEqual({
      required: true,
      requiredBecause: ['declaredIncomeHigh'],
      verification: null,
    });
    expect((await submitStage3(authorization)).error.errorID).toBe(ErrorId.bankConnectionRequired);
    expect((await application()).status_id).toBe(AppStatus.cardAccepted);
    expect(await t.ctx.db.selectFrom('application_affordability').selectAll().execute()).toEqual([]);

    await connectAs(t, authorization, 'salaried');
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
    // £3,200 declared, £2,400 seen: the lower counts.
    const affordability = await t.ctx.db
      .selectFrom('application_affordability')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(affordability.net_income_pence).toBe(240_000);
  });

  it('a revoked connection ends at the bank too and is no longer decided on', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    await connectAs(t, authorization, 'stressed');
    const listed = await callAs(t, authorization, 'GetConnections');
    const [c] = (
      listed.object as { connections: { connectionGuid: string; status: string; revocable: boolean }[] }
    ).connections;
    expect(c).toMatchObject({ status: 'connected', revocable: true });
    const revoked = await callAs(t, authorization, 'RevokeConnection', { connectionGuid: c!.connectionGuid });
    expect(revoked.object).toEqual({ bankConfirmed: true });
    // The bank's own record of the consent says so.
    const atBank = await obSandboxDb(t.ctx.db).selectFrom('ob_sandbox_consents').select('status').execute();
    expect(atBank.map((r) => r.status)).toEqual(['Revoked']);
    expect(
      (await callAs(t, authorization, 'RevokeConnection', { connectionGuid: c!.connectionGuid })).error
        .errorID,
    ).toBe(ErrorId.bankConnectionClosed);
    // Its statement would have declined; revoked, it is not read.
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
  });

  it('the transactions are deleted 30 days after the decision; the figures stay', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    await connectAs(t, authorization, 'salaried');
    await submitStage3(authorization);
    const store = entityStore(t.ctx);
    const today = t.ctx.businessDate.today();
    expect(await store.bankConnections.deleteDueTransactions(addDays(today, 29))).toBe(0);
    expect(await store.bankConnections.deleteDueTransactions(addDays(today, 30))).toBe(1);
    const [kept] = await verifications();
    expect(kept!.transactions_sealed).toBeNull();
    expect(JSON.parse(kept!.figures_json).monthlyIncomePence).toBe(240_000);
  });

  it('a consent past its 90 days is expired by the close of business and no longer decided on', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    await connectAs(t, authorization, 'stressed');
    const store = entityStore(t.ctx);
    const now = new Date().toISOString();
    // Not yet: its 90 days run from today.
    expect(await store.bankConnections.expireLapsed(now)).toBe(0);
    await t.ctx.db.updateTable('bank_connections').set({ expires_at: now }).execute();
    expect(await store.bankConnections.expireLapsed(new Date().toISOString())).toBe(1);
    expect((await connection()).status).toBe('expired');
    const state = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect((state.object as { verification: unknown }).verification).toBeNull();
    // Its statement would have declined; expired, it is not read.
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
  });

  it('a code the bank will not exchange fails the connection, ends the consent at the bank, and the applicant goes on', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const back = await atTheBank(t, await startAt(t, authorization), { customer: 'stressed' });
    back.searchParams.set('code', 'not-the-banks-code');
    const answer = await completeFrom(t, authorization, back);
    expect(answer.object).toEqual({ returnTo: 'stage3', outcome: 'failed', verification: null });
    expect((await connection()).status).toBe('failed');
    const atBank = await obSandboxDb(t.ctx.db).selectFrom('ob_sandbox_consents').select('status').execute();
    expect(atBank.map((r) => r.status)).toEqual(['Revoked']);
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
  });

  it("a credit file's modelled income far below the declared one makes the bank required at stage 3", async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    // As stage 1's credit reference check records it (no sandbox surname carries a modelled income).
    const app = await application();
    await entityStore(t.ctx).decisionFindings.record(app.id, [
      {
        check: 'credit-reference',
        outcome: 'refer',
        reasonCode: 'modelledIncomeLow',
        details: { modelledPence: 90_000, declaredPence: 220_000 },
        text: 'modelled income 90000p is under 70% of the declared 220000p',
      },
    ]);
    const state = await callAs(t, authorization, 'GetVerification?for=stage3');
    expect(state.object).toEqual({
      required: true,
      requiredBecause: ['modelledIncomeLow'],
      verification: null,
    });
    expect((await submitStage3(authorization)).error.errorID).toBe(ErrorId.bankConnectionRequired);
    await connectAs(t, authorization, 'salaried');
    expect((await submitStage3(authorization)).error.errorID).toBe(0);
  });
});
