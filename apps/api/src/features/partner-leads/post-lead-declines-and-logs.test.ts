import { LeadDeclineReason } from '@lender/contract/calls/partner-lead';
import { addDays, londonToday } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import pino, { type LoggerOptions } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loggerOptions } from '../../plugins/logging';
import { documentValidator, fetchDocument } from '../../test/contract/openapi-document';
import { createStage3Payload } from '../../test/application-journey';
import { createApplicant, createCustomer } from '../../test/factories';
import {
  counts,
  createLeadPayload,
  createPartner,
  createPartnerLeadsApp,
  leadRow,
  type Partner,
  postLead,
} from '../../test/partner-leads';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  ({ t, partner } = await createPartnerLeadsApp());
});
afterAll(() => t?.close());

/** The one answer a partner gets for any decline (issue 45): it must not learn who our customers are. */
const NEUTRAL_DECLINE = {
  decision: 'declined',
  appGuid: null,
  redirectUrl: null,
  reason: LeadDeclineReason.notEligible,
};

describe('POST /api/partner/v1/leads: declined', () => {
  const declinedOf = async (lead: ReturnType<typeof createLeadPayload>) => {
    const res = await postLead(t.app, partner.authorization, lead);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers one neutral decline whatever the reason, keeping the reason for us only (issue 45)', async () => {
    // Someone else's name with a borrower's e-mail or mobile, a person with an application in
    // progress, a 17-year-old and an unaffordable loan: the partner must not tell them apart.
    const borrower = await createCustomer(t.ctx.db);
    const applicant = await createApplicant(t.app);
    const stranger = { firstName: 'Someone', lastName: 'Else' };
    const cases = [
      [createLeadPayload({ ...stranger, email: borrower.email }), LeadDeclineReason.existingCustomer],
      [createLeadPayload({ ...stranger, mobile: borrower.mobile }), LeadDeclineReason.existingCustomer],
      [
        createLeadPayload({ ...stranger, mobile: applicant.payload.mobile }),
        LeadDeclineReason.applicationInProgress,
      ],
      [createLeadPayload({ dob: addDays(londonToday(), -17 * 366) }), LeadDeclineReason.notEligible],
      [
        createLeadPayload({ monthlynetPay: 500, amount: 1000, instalments: 1 }),
        LeadDeclineReason.notEligible,
      ],
    ] as const;
    const validate = documentValidator(await fetchDocument(t.app));
    for (const [lead, reason] of cases) {
      const res = await postLead(t.app, partner.authorization, lead);
      expect(res.statusCode).toBe(200);
      expect(res.json(), reason).toEqual({
        error: { errorID: 0, errorMessage: '' },
        object: NEUTRAL_DECLINE,
      });
      // The same bytes, not merely equal objects: nothing (not even key order) tells one reason apart.
      expect(res.body).toBe(
        JSON.stringify({ error: { errorID: 0, errorMessage: '' }, object: NEUTRAL_DECLINE }),
      );
      expect(validate.checkResponse('POST', '/api/partner/v1/leads', 200, res.json())).toBeNull();
      // Ours to keep: the lead's row (the partner report's source) holds the reason.
      expect((await leadRow(t, partner.id, lead.partnerLeadId)).reason).toBe(reason);
      // A retry of the same reference answers the same.
      expect((await postLead(t.app, partner.authorization, lead)).body).toBe(res.body);
    }
  });

  it('declines an applicant the first screen refuses (under 18), recording the reason, with no guid', async () => {
    const dob = addDays(londonToday(), -17 * 366);
    const lead = createLeadPayload({ dob });
    const body = await declinedOf(lead);
    expect(body).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        decision: 'declined',
        appGuid: null,
        redirectUrl: null,
        reason: LeadDeclineReason.notEligible,
      },
    });
    const row = await leadRow(t, partner.id, lead.partnerLeadId);
    expect(row.decision).toBe('declined');
    const application = await t.ctx.db
      .selectFrom('applications')
      .innerJoin('application_decisions', 'application_decisions.application_id', 'applications.id')
      .select(['applications.status_id', 'application_decisions.kind', 'application_decisions.reason'])
      .where('applications.id', '=', row.application_id!)
      .executeTakeFirstOrThrow();
    expect(application).toMatchObject({ status_id: AppStatus.leadDeclined, kind: 'declined' });
    expect(application.reason).toMatch(/^under-age: 17$/);
  });

  it('declines an instalment over 40% of income, and a household stage 3 shows cannot afford it', async () => {
    const poor = createLeadPayload({ monthlynetPay: 500, amount: 1000, instalments: 1 });
    expect((await declinedOf(poor)).object.reason).toBe(LeadDeclineReason.notEligible);
    const stretched = createLeadPayload({
      stage3: createStage3Payload({
        finData: { ...createStage3Payload().finData, rent: 1800 },
      }) as never,
    });
    expect((await declinedOf(stretched)).object.reason).toBe(LeadDeclineReason.notEligible);
    const reasons = await t.ctx.db
      .selectFrom('partner_leads')
      .innerJoin(
        'application_decisions',
        'application_decisions.application_id',
        'partner_leads.application_id',
      )
      .select(['partner_leads.partner_lead_id', 'application_decisions.reason'])
      .where('partner_leads.partner_lead_id', 'in', [poor.partnerLeadId, stretched.partnerLeadId])
      .execute();
    const reasonOf = (id: string) => reasons.find((r) => r.partner_lead_id === id)?.reason;
    expect(reasonOf(poor.partnerLeadId)).toMatch(/^affordability: instalment \d+p over 20000p/);
    expect(reasonOf(stretched.partnerLeadId)).toMatch(/^affordability: net £2,200\.00 - expenses £2,100\.00/);
  });

  it('declines an existing customer, found by e-mail or by mobile, and makes nothing for them', async () => {
    const byEmail = await createCustomer(t.ctx.db);
    const byMobile = await createCustomer(t.ctx.db);
    const before = await counts(t);
    const leads = [
      createLeadPayload({ email: byEmail.email }),
      createLeadPayload({ mobile: byMobile.mobile }),
    ];
    for (const lead of leads) {
      const body = await declinedOf(lead);
      expect(body.object).toEqual(NEUTRAL_DECLINE);
      const row = await leadRow(t, partner.id, lead.partnerLeadId);
      expect(row).toMatchObject({ reason: LeadDeclineReason.existingCustomer, application_id: null });
    }
    expect(await counts(t)).toEqual({ ...before, leads: before.leads + 2 });
  });

  it('declines a person with an application in progress (stage 1 on our site, or an earlier lead)', async () => {
    const applicant = await createApplicant(t.app);
    const before = await counts(t);
    const byMobile = createLeadPayload({ mobile: applicant.payload.mobile });
    expect((await declinedOf(byMobile)).object).toEqual(NEUTRAL_DECLINE);
    expect((await leadRow(t, partner.id, byMobile.partnerLeadId)).reason).toBe(
      LeadDeclineReason.applicationInProgress,
    );
    const first = createLeadPayload();
    expect((await declinedOf(first)).object.decision).toBe('accepted');
    const again = createLeadPayload({ email: first.email });
    expect((await declinedOf(again)).object).toEqual(NEUTRAL_DECLINE);
    expect((await leadRow(t, partner.id, again.partnerLeadId)).reason).toBe(
      LeadDeclineReason.applicationInProgress,
    );
    expect(await counts(t)).toMatchObject({ customers: before.customers + 1, leads: before.leads + 3 });
  });
});

describe('what the partner lead API logs', () => {
  it('never the key, the bank account or the applicant: the partner and the decision only', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const p = await createPartner(logged.ctx);
      const lead = createLeadPayload({
        bankDetails: { sortCode: '40-47-84', bankAccountNumber: '70872490' },
      });
      expect((await postLead(logged.app, p.authorization, lead)).statusCode).toBe(200);
      expect((await postLead(logged.app, p.authorization, { ...lead, email: 'x' })).statusCode).toBe(400);
    } finally {
      await logged.close();
    }
    const out = lines.join('');
    expect(out).toContain('"msg":"partner lead"');
    expect(out).toContain('"decision":"accepted"');
    for (const secret of ['Bearer', '404784', '40-47-84', '70872490', '@example.com']) {
      expect(out, secret).not.toContain(secret);
    }
  });

  it("redacts the Authorization header and a lead's bank details wherever a log line holds them", () => {
    const lines: string[] = [];
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' })) as LoggerOptions;
    const log = pino(options, { write: (line: string) => void lines.push(line) });
    const key = 'K'.repeat(40);
    log.info({
      req: { method: 'POST', url: '/api/partner/v1/leads', headers: { authorization: `Bearer ${key}` } },
      body: { bankDetails: { sortCode: '404784', bankAccountNumber: '70872490' } },
      bankDetails: { sortCode: '404784', bankAccountNumber: '70872490' },
    });
    for (const secret of [key, '404784', '70872490']) expect(lines.join(''), secret).not.toContain(secret);
  });
});
