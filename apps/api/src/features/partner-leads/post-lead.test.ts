import { ErrorId, Refusal } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentValidator, fetchDocument } from '../../test/contract/openapi-document';
import { createStage3Payload, createStage4Payload } from '../../test/application-journey';
import {
  applicationOf,
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

describe('POST /api/partner/v1/leads: the key', () => {
  it('answers 401 with the envelope and stores nothing for a missing, malformed, unknown or revoked key', async () => {
    const revoked = await createPartner(t.ctx, { revoked: true });
    const before = await counts(t);
    for (const authorization of [
      undefined,
      '',
      partner.key, // no scheme
      `Basic ${partner.key}`,
      'Bearer short',
      `Bearer ${partner.key}!`,
      `Bearer ${'A'.repeat(40)}`, // the shape of a key, but no partner's
      // One character changed (a key ending in X, one in 62, was itself before: the test then failed).
      `Bearer ${partner.key.slice(0, -1)}${partner.key.endsWith('X') ? 'Y' : 'X'}`,
      revoked.authorization,
    ]) {
      const res = await postLead(t.app, authorization, createLeadPayload());
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ error: Refusal.partnerKeyRefused, object: null });
    }
    expect(await counts(t)).toEqual(before);
  });

  it('answers 401, not 400, to an invalid lead without a valid key: strangers learn nothing of our rules', async () => {
    const res = await postLead(t.app, undefined, { email: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.errorID).toBe(ErrorId.unauthorized);
  });
});

describe('POST /api/partner/v1/leads: validation', () => {
  it('answers 400 with the contract message of each refused field, as the other calls do, storing nothing', async () => {
    const before = await counts(t);
    const res = await postLead(
      t.app,
      partner.authorization,
      createLeadPayload({ email: 'not-an-email', amount: 175, instalments: 9, partnerLeadId: 'has space' }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.errorID).toBe(ErrorId.validation);
    expect(body.object.fields).toMatchObject({
      amount: Msg.leadAmount,
      instalments: Msg.instalment,
      partnerLeadId: Msg.partnerLeadId,
      email: expect.any(String),
    });
    expect(body.error.errorMessage).toBe(Object.values(body.object.fields)[0]);
    expect(await counts(t)).toEqual(before);
  });

  it('names nested fields by their dotted path, and refuses an id its dictionary lacks', async () => {
    const before = await counts(t);
    const nested = await postLead(
      t.app,
      partner.authorization,
      createLeadPayload({
        stage3: createStage3Payload({ finData: { loanPurposeID: 1 } }) as never,
        bankDetails: { sortCode: '12', bankAccountNumber: '1' },
      }),
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().object.fields).toMatchObject({
      'bankDetails.sortCode': Msg.sortCode,
      'bankDetails.bankAccountNumber': Msg.accountNumber,
    });
    expect(Object.keys(nested.json().object.fields).some((k) => k.startsWith('stage3.finData'))).toBe(true);
    const unknownId = await postLead(t.app, partner.authorization, createLeadPayload({ titleId: 999 }));
    expect(unknownId.statusCode).toBe(400);
    expect(unknownId.json().object.fields).toEqual({ titleId: Msg.title });
    expect(await counts(t)).toEqual(before);
  });
});

describe('POST /api/partner/v1/leads: accepted', () => {
  it('makes a customer with an application in leadAccepted and answers the landing link', async () => {
    const before = await counts(t);
    const lead = createLeadPayload({ amount: 450, instalments: 4 });
    const res = await postLead(t.app, partner.authorization, lead);
    expect(res.statusCode).toBe(200);
    const { error, object } = res.json();
    expect(error).toEqual({ errorID: 0, errorMessage: '' });
    expect(object).toEqual({
      decision: 'accepted',
      appGuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      redirectUrl: `${t.ctx.config.PUBLIC_URL}/loan/lead-provider/${object.appGuid}`,
      reason: null,
    });
    const application = await applicationOf(t, object.appGuid);
    expect(application).toMatchObject({
      status_id: AppStatus.leadAccepted,
      product_id: 11,
      amount_pence: 45_000,
      period: 4,
      repayment_date: lead.nextPayDate,
      wage_frequency_id: lead.frequencyCategory,
      net_monthly_income_pence: lead.monthlynetPay * 100,
      daily_rate_ppm: 8000,
      source: `partner:${partner.name}`,
      tier_name: null,
    });
    const customer = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', application.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ email: lead.email, mobile: lead.mobile, password_hash: null });
    // Marketing consent is the applicant's to give us, not the partner's: withheld, and said where from.
    const consent = await t.ctx.db
      .selectFrom('consent_events')
      .select(['channel', 'given', 'source'])
      .where('customer_id', '=', customer.id)
      .orderBy('channel')
      .execute();
    expect(consent).toEqual([
      { channel: 'email', given: 0, source: 'partner-lead' },
      { channel: 'sms', given: 0, source: 'partner-lead' },
    ]);
    const row = await leadRow(t, partner.id, lead.partnerLeadId);
    expect(row).toMatchObject({ decision: 'accepted', reason: null, application_id: application.id });
    expect(row.stage3_json).toBeNull();
    const expiresInHours = (Date.parse(row.landing_expires_at!) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(71.9);
    expect(expiresInHours).toBeLessThanOrEqual(72);
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .selectAll()
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(decision).toMatchObject({
      kind: 'lead-accepted',
      reason: expect.stringMatching(
        /^lead: first screen passed; credit-reference: credit file clear \(SBX-\w+\)$/,
      ),
    });
    // No e-mail at intake: the landing's submit sends the welcome.
    expect(await counts(t)).toEqual({
      ...before,
      customers: before.customers + 1,
      applications: before.applications + 1,
      leads: before.leads + 1,
    });
  });

  it('keeps the parsed stage 3 answers and seals the bank account', async () => {
    const stage3 = createStage3Payload({
      employmentDetail: {
        employmentTypeID: 1,
        employmentIndustryID: 10,
        employmentName: '  Acme Ltd  ',
        employmentLength: 24,
      },
    });
    const lead = createLeadPayload({
      instalments: 1,
      stage3: stage3 as never,
      bankDetails: createStage4Payload() as never,
    });
    const res = await postLead(t.app, partner.authorization, lead);
    const { object } = res.json();
    expect(object.decision).toBe('accepted');
    const application = await applicationOf(t, object.appGuid);
    expect(application.product_id).toBe(4);
    const row = await leadRow(t, partner.id, lead.partnerLeadId);
    const kept = JSON.parse(row.stage3_json!);
    expect(kept.employmentDetail.employmentName).toBe('Acme Ltd');
    expect(kept.finData.rent).toBe(600);
    const account = await t.ctx.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(account.customer_id).toBe(application.customer_id);
    expect(account.sort_code_sealed).not.toContain('123456');
    expect(account.account_number_sealed).not.toContain('31926819');
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(decision.reason).toMatch(
      /^lead: first screen passed; affordability: net £2,200\.00 - expenses £900\.00/,
    );
  });

  it('prices at the provider rate for a partner of a configured tier, and the standard rate otherwise', async () => {
    const gold = await createPartner(t.ctx, { tierName: 'gold' });
    const silver = await createPartner(t.ctx, { tierName: 'silver' });
    const rateOf = async (p: typeof gold) => {
      const { object } = (await postLead(t.app, p.authorization, createLeadPayload())).json();
      return applicationOf(t, object.appGuid);
    };
    expect(await rateOf(gold)).toMatchObject({ daily_rate_ppm: 6000, tier_name: 'gold' });
    expect(await rateOf(silver)).toMatchObject({ daily_rate_ppm: 8000, tier_name: 'silver' });
  });
});

describe('POST /api/partner/v1/leads: idempotent per partner reference', () => {
  it('answers a retry the first answer, making nothing new', async () => {
    const lead = createLeadPayload();
    const first = await postLead(t.app, partner.authorization, lead);
    const before = await counts(t);
    // Even with other details: the reference names the lead, and the first answer stands.
    const retry = await postLead(t.app, partner.authorization, { ...lead, amount: 1000 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await counts(t)).toEqual(before);
    const declined = createLeadPayload({ isResident: false });
    const firstDecline = await postLead(t.app, partner.authorization, declined);
    expect((await postLead(t.app, partner.authorization, declined)).json()).toEqual(firstDecline.json());
  });

  it('gives two concurrent identical posts one application and the same answer', async () => {
    const before = await counts(t);
    const lead = createLeadPayload();
    const answers = await Promise.all([1, 2, 3].map(() => postLead(t.app, partner.authorization, lead)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers[2]!.json()).toEqual(answers[0]!.json());
    expect(answers[0]!.json().object.decision).toBe('accepted');
    expect(await counts(t)).toMatchObject({
      customers: before.customers + 1,
      applications: before.applications + 1,
      leads: before.leads + 1,
    });
  });

  it("keeps each partner's references apart", async () => {
    const other = await createPartner(t.ctx);
    const id = 'shared-ref-1';
    const mine = (
      await postLead(t.app, partner.authorization, createLeadPayload({ partnerLeadId: id }))
    ).json();
    const theirs = (
      await postLead(t.app, other.authorization, createLeadPayload({ partnerLeadId: id }))
    ).json();
    expect(mine.object.decision).toBe('accepted');
    expect(theirs.object.decision).toBe('accepted');
    expect(theirs.object.appGuid).not.toBe(mine.object.appGuid);
  });
});

describe('POST /api/partner/v1/leads: rate limit per key', () => {
  it('lets 60 leads a minute through, then answers 429 with Retry-After and stores nothing', async () => {
    const limited = await createTestApp({ PARTNER_LEADS_PER_MINUTE: '60' });
    try {
      const p = await createPartner(limited.ctx);
      const neighbour = await createPartner(limited.ctx);
      const lead = createLeadPayload();
      expect((await postLead(limited.app, p.authorization, lead)).json().object.decision).toBe('accepted');
      // Retries are requests too: 59 of them fill the minute cheaply.
      for (let i = 1; i < 60; i++) {
        expect((await postLead(limited.app, p.authorization, lead)).statusCode).toBe(200);
      }
      const leadsBefore = await limited.ctx.db.selectFrom('partner_leads').select('id').execute();
      const refused = await postLead(limited.app, p.authorization, createLeadPayload());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ error: Refusal.tooManyRequests, object: null });
      expect(await limited.ctx.db.selectFrom('partner_leads').select('id').execute()).toHaveLength(
        leadsBefore.length,
      );
      // Another key has its own minute.
      expect((await postLead(limited.app, neighbour.authorization, createLeadPayload())).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('allows 120 a minute by default', () => {
    expect(t.ctx.config.PARTNER_LEADS_PER_MINUTE).toBe(120);
  });
});

describe('the partner lead API in the OpenAPI document', () => {
  it("is under its own tag, behind the partnerKey bearer scheme, with the lead's field names and every answer", async () => {
    const doc = await fetchDocument(t.app);
    expect(doc.components?.securitySchemes?.partnerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v = documentValidator(doc);
    const op = v.operationOf('POST', '/api/partner/v1/leads');
    expect(op).toMatchObject({
      operationId: 'PartnerLeads_Create',
      tags: ['Partner leads'],
      summary: 'Send a lead',
      security: [{ partnerKey: [] }],
    });
    const body = op.requestBody!.content['application/json']!.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    for (const name of [
      'partnerLeadId',
      'amount',
      'instalments',
      'titleId',
      'firstName',
      'lastName',
      'dob',
      'email',
      'isResident',
      'postCode',
      'mobile',
      'monthlynetPay',
      'numDependents',
      'frequencyCategory',
      'nextPayDate',
      'stage3',
      'bankDetails',
    ]) {
      expect(body.properties, name).toHaveProperty(name);
    }
    expect(body.required).toEqual(
      expect.arrayContaining(['partnerLeadId', 'amount', 'instalments', 'email']),
    );
    expect(body.required).not.toContain('stage3');
    expect(body.required).not.toContain('bankDetails');
    expect(Object.keys(op.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(op.responses['401']!.description).toContain('Authorization: Bearer <key>');
    expect(op.responses['429']!.description).toContain('Retry-After');
    for (const answer of Object.values(op.responses)) {
      expect(answer.content?.['application/json']?.schema).toBeDefined();
    }
    // The live answers are the documented ones (Ajv, as an integrator checks).
    const lead = createLeadPayload();
    expect(v.checkRequest('POST', '/api/partner/v1/leads', { body: lead })).toBeNull();
    const path = '/api/partner/v1/leads';
    for (const [res, status] of [
      [await postLead(t.app, partner.authorization, lead), 200],
      [await postLead(t.app, partner.authorization, createLeadPayload({ isResident: false })), 200],
      [await postLead(t.app, partner.authorization, { ...lead, email: 'x' }), 400],
      [await postLead(t.app, undefined, lead), 401],
    ] as const) {
      expect(res.statusCode).toBe(status);
      expect(v.checkResponse('POST', path, res.statusCode, res.json())).toBeNull();
    }
  });
});
