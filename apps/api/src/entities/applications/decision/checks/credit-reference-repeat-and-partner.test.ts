import { addDays } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENCY } from '../../../../sandbox/credit-reference/particulars';
import { craSearchesFor } from '../../../../sandbox/credit-reference/test-support';
import { applicantAt, createStage3Payload, createStage4Payload } from '../../../../test/application-journey';
import { outboxTo } from '../../../../test/landing';
import { settledLoan } from '../../../../test/live-loan';
import { REPORT_REUSE_DAYS } from '../../../credit-searches/credit-search-repository';
import { entityRepositories } from '../../../unit-of-work';
import { createLeadPayload, createPartner, postLead } from '../../../../test/partner-leads';
import { repeatBody } from '../../../../test/repeat-loan-payload';
import { workingDayAhead } from '../../../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { creditReferenceTestSupport, particulars } from './credit-reference-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { submitStage1, applicationOf, creditFindings, searchesFor } = creditReferenceTestSupport(() => t);

describe('a repeat loan and a partner lead: a hard search, reused for 30 days and no longer', () => {
  it('reuses the hard search of the last 30 days for a repeat loan; a report is not reused after 30 days', async () => {
    const c = await settledLoan(t, undefined, { lastName: 'Evergreen' });
    const first = await applicationOf(c.email);
    const before = (await craSearchesFor(t.ctx.db, 'Evergreen')).length;
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Register/RepeatLoan',
        headers: { authorization: c.authorization, 'idempotency-key': randomUUID() },
        payload: repeatBody(c),
      });
    expect((await apply()).json().error.errorID).toBe(0);
    const repeat = await applicationOf(c.email);
    expect(repeat.id).not.toBe(first.id);
    expect((await craSearchesFor(t.ctx.db, 'Evergreen')).length).toBe(before);
    expect((await creditFindings(repeat.id)).at(0)).toMatchObject({
      outcome: 'pass',
      details: { reused: true, searchType: 'application' },
    });
    // The same report on its 30th day, not on its 31st.
    const repos = entityRepositories(t.ctx)(t.ctx.db);
    const who = { customerId: repeat.customerId, applicationGuid: randomUUID() };
    const today = t.ctx.businessDate.today();
    expect(
      await repos.creditSearches.reusable(who, 'application', addDays(today, REPORT_REUSE_DAYS)),
    ).not.toBeNull();
    expect(
      await repos.creditSearches.reusable(who, 'application', addDays(today, REPORT_REUSE_DAYS + 1)),
    ).toBeNull();
    // A soft search never stands in for the hard one an agreement needs.
    const soft = await applicationOf((await submitStage1('Brightwater')).payload.email);
    const softOnly = { customerId: soft.customerId, applicationGuid: soft.guid };
    expect(await repos.creditSearches.reusable(softOnly, 'quotation', today)).not.toBeNull();
    expect(await repos.creditSearches.reusable(softOnly, 'application', today)).toBeNull();
  });

  it.each([
    ['Thinfile', 'accepted', 'pass', 'clear'],
    ['Judgement', 'declined', 'decline', 'unsatisfiedCcj'],
    ['Insolvent', 'declined', 'decline', 'activeInsolvency'],
    ['Stacker', 'declined', 'decline', 'openHcstc'],
    ['Mismatch', 'accepted', 'refer', 'identityNotConfirmed'],
    ['Arrangement', 'accepted', 'pass', 'clear'],
    ['Slowpoke', 'accepted', 'refer', 'agencyUnavailable'],
  ])(
    "decides a partner's lead for %s: %s (%s, %s)",
    async (surname, decision, outcome, code) => {
      const partner = await createPartner(t.ctx);
      const lead = createLeadPayload({ lastName: surname });
      const res = await postLead(t.app, partner.authorization, lead);
      expect(res.json().object).toMatchObject({ decision });
      const app = await applicationOf(lead.email);
      expect((await creditFindings(app.id)).at(0)).toMatchObject({
        outcome,
        reasonCode: code,
        details: expect.objectContaining({ searchType: 'application' }),
      });
    },
    20_000,
  );

  it("declines a partner's lead whose stage 3 is affordable as declared but not on the credit file's commitments", async () => {
    const partner = await createPartner(t.ctx);
    // £2,200 a month; £1,840 of expenses with £50 of credit commitments; £132.61 a month: £227.39 left
    // against a £220 buffer as declared. The Arrangement file shows £85 a month: £192.39 left.
    const stage3 = createStage3Payload({ finData: { ...createStage3Payload().finData, rent: 1540 } });
    const lead = (lastName: string) => createLeadPayload({ lastName, stage3: stage3 as never });
    const clean = lead('Brightwater');
    expect((await postLead(t.app, partner.authorization, clean)).json().object).toMatchObject({
      decision: 'accepted',
    });
    const onFile = lead('Arrangement');
    expect((await postLead(t.app, partner.authorization, onFile)).json().object).toMatchObject({
      decision: 'declined',
    });
    const app = await applicationOf(onFile.email);
    expect((await creditFindings(app.id)).at(0)).toMatchObject({
      outcome: 'decline',
      reasonCode: 'unaffordableOnFileCommitments',
      details: expect.objectContaining({ fileCommitmentsPence: 8_500, declaredCommitmentsPence: 5_000 }),
    });
  });

  it.each([
    ['Thinfile', 'pass', 'clear'],
    ['Mismatch', 'refer', 'identityNotConfirmed'],
    ['Arrangement', 'pass', 'clear'],
  ])(
    'gives %s at stage 4 a hard search of its own and goes on to e-sign (%s, %s)',
    async (surname, outcome, code) => {
      const applicant = await applicantAt(t, 'stage4', { lastName: surname });
      const app = await applicationOf(applicant.payload.email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Register/SubmitStage4',
        headers: { authorization: applicant.authorization },
        payload: createStage4Payload(),
      });
      expect(res.json().object).toMatchObject({ appStatusID: AppStatus.esignSent });
      expect((await searchesFor(surname, app.guid)).map((x) => x.type)).toEqual(['quotation', 'application']);
      expect((await creditFindings(app.id)).at(-1)).toMatchObject({
        outcome,
        reasonCode: code,
        details: expect.objectContaining({ searchType: 'application', reused: false }),
      });
    },
  );

  it('searches again for a repeat loan when the last search is 31 days old, and declines it when the file now shows a judgment', async () => {
    const c = await settledLoan(t, undefined, { lastName: 'Fairweather' });
    const customerId = (await applicationOf(c.email)).customerId;
    await t.ctx.db
      .updateTable('customers')
      .set({ last_name: 'Judgement' })
      .where('id', '=', customerId)
      .execute();
    // 31 days on: the customer's searches are dated back rather than the business date moved forward,
    // which other test files of this process would read.
    const stale = addDays(t.ctx.businessDate.today(), -(REPORT_REUSE_DAYS + 1));
    const guids = t.ctx.db.selectFrom('applications').select('guid').where('customer_id', '=', customerId);
    await t.ctx.db
      .updateTable('credit_searches')
      .set({ searched_on: stale })
      .where('application_guid', 'in', guids)
      .execute();
    const before = (await craSearchesFor(t.ctx.db, 'Judgement')).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/RepeatLoan',
      headers: { authorization: c.authorization, 'idempotency-key': randomUUID() },
      payload: repeatBody(c, { repaymentDate: workingDayAhead(10) }),
    });
    expect(res.json()).toMatchObject({ error: { errorID: ErrorId.declined }, object: particulars });
    const repeat = await applicationOf(c.email);
    expect(await searchesFor('Judgement', repeat.guid)).toEqual([
      expect.objectContaining({ type: 'application' }),
    ]);
    expect((await craSearchesFor(t.ctx.db, 'Judgement')).length).toBe(before + 1);
    expect((await creditFindings(repeat.id)).at(-1)).toMatchObject({
      outcome: 'decline',
      reasonCode: 'unsatisfiedCcj',
      details: { reused: false, searchType: 'application' },
    });
    const mail = (await outboxTo(t, c.email)).at(-1);
    expect(mail?.text).toContain(`The agency is ${SANDBOX_AGENCY.name}`);
  }, 30_000);

  it("searches a partner's lead with a hard search, and declines a Judgement one with the neutral answer", async () => {
    const partner = await createPartner(t.ctx);
    const lead = createLeadPayload({ lastName: 'Judgement' });
    const res = await postLead(t.app, partner.authorization, lead);
    expect(res.json().object).toMatchObject({ decision: 'declined', reason: 'notEligible' });
    const app = await applicationOf(lead.email);
    expect(await searchesFor('Judgement', app.guid)).toEqual([
      expect.objectContaining({ type: 'application' }),
    ]);
    expect((await creditFindings(app.id)).at(0)).toMatchObject({
      outcome: 'decline',
      reasonCode: 'unsatisfiedCcj',
    });
    // The partner hears the neutral decline; the applicant is told the agency's file counted, and which.
    const [mail] = await outboxTo(t, lead.email);
    expect(mail?.text).toContain(`The agency is ${SANDBOX_AGENCY.name}`);
  });
});
