import { ErrorId } from '@lender/contract/error-ids';
import { formatPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENCY } from '../../../../sandbox/credit-reference/particulars';
import { applicantAt, createStage4Payload } from '../../../../test/application-journey';
import { outboxTo } from '../../../../test/landing';
import { eventually, signedApplicant, statusOf } from '../../../../test/live-loan';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { creditReferenceTestSupport, particulars } from './credit-reference-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { submitStage1, applicationOf, creditFindings, searchesFor } = creditReferenceTestSupport(() => t);

describe('stage 1: a soft search of the credit file before any quote', () => {
  it.each([
    ['Judgement', 'unsatisfiedCcj'],
    ['Insolvent', 'activeInsolvency'],
    ['Stacker', 'openHcstc'],
  ])('declines %s (%s), naming the agency on the page and in the e-mail', async (surname, rule) => {
    const { res, payload } = await submitStage1(surname);
    expect(res.json()).toMatchObject({ error: { errorID: ErrorId.declined }, object: particulars });
    const app = await applicationOf(payload.email);
    expect(app.status_id).toBe(AppStatus.leadDeclined);
    const [search] = await searchesFor(surname, app.guid);
    expect(search).toMatchObject({ type: 'quotation' });
    // The finding names the report it read.
    expect((await creditFindings(app.id)).at(0)).toMatchObject({
      outcome: 'decline',
      reasonCode: rule,
      details: { reference: search!.reference, searchType: 'quotation' },
    });
    const [mail] = await outboxTo(t, payload.email);
    expect(mail!.text).toContain(
      `The agency is ${SANDBOX_AGENCY.name}, ${SANDBOX_AGENCY.postalAddress.join(', ')}`,
    );
    expect(mail!.text).toContain(`phone ${SANDBOX_AGENCY.phone}`);
    expect(mail!.text).toContain('free of charge');
    expect(mail!.text).toContain('You can ask for a person to review it');
  });

  it.each([
    ['Brightwater', 'pass', 'clear'],
    ['Thinfile', 'pass', 'clear'],
    ['Arrangement', 'pass', 'clear'],
    ['Mismatch', 'refer', 'identityNotConfirmed'],
  ])('lets %s through to the quote (%s: %s), with one soft search', async (surname, outcome, code) => {
    const { res, payload } = await submitStage1(surname);
    expect(res.json().error.errorID).toBe(0);
    const app = await applicationOf(payload.email);
    expect(await searchesFor(surname, app.guid)).toEqual([expect.objectContaining({ type: 'quotation' })]);
    expect(await creditFindings(app.id)).toEqual([
      expect.objectContaining({
        outcome,
        reasonCode: code,
        details: expect.objectContaining({ reused: false }),
      }),
    ]);
  });

  it("counts an arrangement's payment in the commitments, which stage 3 uses when higher", async () => {
    const { payload } = await submitStage1('Arrangement');
    const app = await applicationOf(payload.email);
    const [clear] = await creditFindings(app.id);
    // The arrangement's £85 and the ordinary file's credit card.
    expect(Number(clear!.details.commitmentsPence)).toBeGreaterThanOrEqual(8_500);
  });

  it("replaces stage 3's declared credit commitments by the file's when higher, and says so", async () => {
    // Declared £50 a month; the Arrangement file shows £85 on the arrangement and £25 on a card.
    const applicant = await applicantAt(t, 'stage4', { lastName: 'Arrangement' });
    const app = await applicationOf(applicant.payload.email);
    const passed = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', app.id)
      .where('kind', '=', 'affordability-passed')
      .executeTakeFirstOrThrow();
    const [clear] = await creditFindings(app.id);
    const filePence = Number(clear!.details.commitmentsPence);
    expect(filePence).toBeGreaterThan(5_000);
    expect(passed.reason).toContain(
      `credit commitments ${formatPence(filePence)} from the credit file, declared £50.00`,
    );
    const [assessed] = await t.ctx.db
      .selectFrom('application_affordability')
      .select('expenses_pence')
      .where('application_id', '=', app.id)
      .execute();
    // Rent £600, food £250 and the file's commitments, not the declared £50.
    expect(assessed!.expenses_pence).toBe(60_000 + 25_000 + filePence);
  });

  it('refers, never declines, when the agency does not answer within 5 s', async () => {
    const started = Date.now();
    const { res, payload } = await submitStage1('Slowpoke');
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(res.json().error.errorID).toBe(0);
    const app = await applicationOf(payload.email);
    expect(await creditFindings(app.id)).toEqual([
      expect.objectContaining({ outcome: 'refer', reasonCode: 'agencyUnavailable' }),
    ]);
  }, 20_000);
});

describe('stage 4: a hard search before the agreement exists', () => {
  it('searches again with an application search before the e-sign documents, and lists both to the customer', async () => {
    const applicant = await applicantAt(t, 'stage4', { lastName: 'Fairweather' });
    const app = await applicationOf(applicant.payload.email);
    expect((await searchesFor('Fairweather', app.guid)).map((s) => s.type)).toEqual(['quotation']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage4',
      headers: { authorization: applicant.authorization },
      payload: createStage4Payload(),
    });
    expect(res.json().error.errorID).toBe(0);
    expect((await searchesFor('Fairweather', app.guid)).map((s) => s.type)).toEqual([
      'quotation',
      'application',
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetCreditSearches',
      headers: { authorization: applicant.authorization },
    });
    const today = t.ctx.businessDate.today();
    expect(listed.json().object).toEqual({
      searches: [
        { searchedOn: today, kind: 'hard', agency: SANDBOX_AGENCY.name },
        { searchedOn: today, kind: 'soft', agency: SANDBOX_AGENCY.name },
      ],
    });
  });

  it('declines before any agreement when the file now shows a judgment, and keeps no bank account', async () => {
    const applicant = await applicantAt(t, 'stage4', { lastName: 'Fairweather' });
    const app = await applicationOf(applicant.payload.email);
    // A judgment registered since the soft search: the hard search reads the file as it is now.
    await t.ctx.db
      .updateTable('customers')
      .set({ last_name: 'Judgement' })
      .where('id', '=', app.customerId)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage4',
      headers: { authorization: applicant.authorization },
      payload: createStage4Payload(),
    });
    expect(res.json()).toMatchObject({ error: { errorID: ErrorId.declined }, object: particulars });
    expect(await statusOf(t, app.guid)).toBe(AppStatus.leadDeclined);
    const banks = await t.ctx.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('application_id', '=', app.id)
      .execute();
    expect(banks).toEqual([]);
    expect(
      await t.ctx.db.selectFrom('documents').select('id').where('application_id', '=', app.id).execute(),
    ).toEqual([]);
  });

  it('refers a Mismatch to a person after signing and asks for proof of identity and address by e-mail', async () => {
    const signed = await signedApplicant(t, { lastName: 'Mismatch' });
    // Underwriting runs once the signature's answer has gone.
    expect(
      await eventually(
        () => statusOf(t, signed.guid),
        (s) => s === AppStatus.undewritingReview,
      ),
    ).toBe(AppStatus.undewritingReview);
    const mails = await outboxTo(t, signed.email);
    const proof = mails.find((m) => m.subject?.includes('proof of your identity'));
    expect(proof?.text).toContain('/account/documents');
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', signed.applicationId)
      .where('kind', '=', 'underwriting-referred')
      .executeTakeFirstOrThrow();
    expect(decision.reason).toContain('credit-identityNotConfirmed');
  });
});

describe('underwriting: the agency asked again when it did not answer before the agreement', () => {
  it('searches again after the signature and, with an answer now, decides by it', async () => {
    // Silent at stage 1 and at stage 4 (5 s each): the application goes on, referred, to the signature.
    const signed = await signedApplicant(t, { lastName: 'Slowpoke' }, {}, async (customerId) => {
      const [app] = await t.ctx.db
        .selectFrom('applications')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute();
      expect((await creditFindings(app!.id)).map((f) => [f.details.searchType, f.reasonCode])).toEqual([
        ['quotation', 'agencyUnavailable'],
        ['application', 'agencyUnavailable'],
      ]);
      // The agency answers now: the name its file is kept under is an ordinary one.
      await t.ctx.db
        .updateTable('customers')
        .set({ last_name: 'Brightwater' })
        .where('id', '=', customerId)
        .execute();
    });
    expect(
      await eventually(
        () => statusOf(t, signed.guid),
        (s) => s === AppStatus.active,
        10_000,
      ),
    ).toBe(AppStatus.active);
    expect((await creditFindings(signed.applicationId)).at(-1)).toMatchObject({
      outcome: 'pass',
      reasonCode: 'clear',
      details: { searchType: 'application', reused: false },
    });
    expect(await searchesFor('Brightwater', signed.guid)).toEqual([
      expect.objectContaining({ type: 'application' }),
    ]);
  }, 30_000);
});
