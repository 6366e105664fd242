import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStage1Payload } from '../../test/stage1-payload';
import { sha256 } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const submit = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload: payload as object });
const count = async (table: 'customers' | 'applications' | 'outbox' | 'application_decisions') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Register/SubmitStage1', () => {
  it('creates the customer and the application, sends the welcome e-mail and returns tokens', async () => {
    const payload = createStage1Payload();
    const res = await submit(payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error.errorID).toBe(0);
    expect(body.object.token).toMatch(/^ey/);
    expect(body.object.refreshToken.length).toBeGreaterThan(30);

    const customer = await t.ctx.db.selectFrom('customers').selectAll().executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      email: payload.email,
      mobile: payload.mobile,
      password_hash: null,
      post_code: 'SW1A 2AA',
    });
    const application = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(application).toMatchObject({
      customer_id: customer.id,
      status_id: AppStatus.applicationNew,
      amount_pence: 30000,
      period: 3,
      wage_frequency_id: payload.frequencyCategory,
      repayment_date: payload.nextPayDate,
      net_monthly_income_pence: 220000,
      source: 'google',
      campaign: 'winter',
      daily_rate_ppm: 8000,
    });

    const mail = await t.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(payload.email);
    // The stored copy holds a placeholder, never the live one-time token; a developer sees the link.
    expect(mail.text).toContain('/reset-password/[one-time token 1]');
    const raw = t.ctx.outbox.revealForDevelopers(mail).text.match(/\/reset-password\/([\w-]+)/)?.[1] ?? '';
    expect(raw).toMatch(/^[\w-]{20,}$/);
    expect(mail.text).not.toContain(raw);
    expect(mail.html).not.toContain(raw);
    // Only the hash of the set-password token is stored.
    const token = await t.ctx.db.selectFrom('one_time_tokens').selectAll().executeTakeFirstOrThrow();
    expect(token.purpose).toBe('set-password');
    expect(token.token_hash).toBe(sha256(raw));
  });

  it('records the news answer as consent for e-mail and SMS, the first entry of its history', async () => {
    for (const newsFromUs of [true, false]) {
      const payload = createStage1Payload({ newsFromUs });
      expect((await submit(payload)).json().error.errorID).toBe(0);
      const customer = await t.ctx.db
        .selectFrom('customers')
        .select(['id', 'news_by_email', 'news_by_sms'])
        .where('email', '=', payload.email)
        .executeTakeFirstOrThrow();
      const given = newsFromUs ? 1 : 0;
      expect(customer).toMatchObject({ news_by_email: given, news_by_sms: given });
      const history = await t.ctx.db
        .selectFrom('consent_events')
        .select(['channel', 'given', 'source'])
        .where('customer_id', '=', customer.id)
        .orderBy('channel')
        .execute();
      expect(history).toEqual([
        { channel: 'email', given, source: 'stage1' },
        { channel: 'sms', given, source: 'stage1' },
      ]);
    }
  });

  it('answers 204 for a registered e-mail and 205 for a registered mobile once the first application has ended', async () => {
    const first = createStage1Payload({ monthlynetPay: 100 }); // declined: the application ends at once
    expect((await submit(first)).json().error.errorID).toBe(ErrorId.declined);
    expect((await submit(createStage1Payload({ email: first.email }))).json().error.errorID).toBe(
      ErrorId.emailAlreadyRegistered,
    );
    expect((await submit(createStage1Payload({ mobile: first.mobile }))).json().error.errorID).toBe(
      ErrorId.mobileAlreadyRegistered,
    );
    expect(await count('customers')).toBe(1);
  });

  it('answers 99 while that customer has an application in progress', async () => {
    const first = createStage1Payload();
    await submit(first);
    const res = await submit(createStage1Payload({ email: first.email.toUpperCase() }));
    expect(res.json().error.errorID).toBe(ErrorId.existingApplicationInProgress);
    expect(await count('applications')).toBe(1);
  });

  it('answers the loser of two racing submissions as if it came a moment later (205, 99)', async () => {
    // On PostgreSQL the two run side by side, and usually both pass the lookup before either inserts;
    // stage1-service.test.ts forces that interleaving on both databases.
    const errorIds = async (overrides: object) => {
      const mobile = createStage1Payload().mobile;
      const answers = await Promise.all(
        [0, 1].map(() => submit(createStage1Payload({ ...overrides, mobile }))),
      );
      return answers.map((r) => r.json().error.errorID as number).sort((a, b) => a - b);
    };
    for (let round = 0; round < 3; round++) {
      expect(await errorIds({ monthlynetPay: 100 })).toEqual([
        ErrorId.declined,
        ErrorId.mobileAlreadyRegistered,
      ]);
      expect(await errorIds({})).toEqual([0, ErrorId.existingApplicationInProgress]);
    }
  });

  it.each([
    ['an applicant under 18', { dob: `${new Date().getFullYear() - 17}-01-01` }, /under-age/],
    ['an applicant not resident in England or Wales', { isResident: false }, /not resident/],
    ['an instalment over 40% of net pay', { amount: 1000, duration: 2, monthlynetPay: 600 }, /affordability/],
  ])('declines %s and records the decision and its reason', async (_name, overrides, reason) => {
    const res = await submit(createStage1Payload(overrides));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error.errorID).toBe(ErrorId.declined);
    // Our own rules declined it before any search: no agency is named (s157 applies only when one counted).
    expect(body.object).toEqual({ creditReferenceAgency: null });
    const decision = await t.ctx.db.selectFrom('application_decisions').selectAll().executeTakeFirstOrThrow();
    expect(decision.kind).toBe('declined');
    expect(decision.reason).toMatch(reason);
    const application = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(application.status_id).toBe(AppStatus.leadDeclined);
    // The decline e-mail only: it offers a person's review, and names no agency.
    const mails = await t.ctx.db.selectFrom('outbox').select(['subject', 'text']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('You can ask for a person to review it');
    expect(mails[0]!.text).not.toContain('credit reference agency');
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'Please enter your first name.'],
    ['lastName', { lastName: '' }, 'Please enter your surename.'],
    ['titleId', { titleId: undefined }, 'Please enter your title.'],
    // Any positive integer passes the schema: only the titles dictionary knows which titles exist.
    ['titleId', { titleId: 999 }, 'Please enter your title.'],
    ['email', { email: 'not-an-email' }, "You haven't entered a valid email address."],
    ['mobile', { mobile: '0712345' }, 'Please enter a valid UK mobile number. Example: 07111111111'],
    ['monthlynetPay', { monthlynetPay: 99 }, 'Take-home pay per Payslip must be at least 100'],
    ['frequencyCategory', { frequencyCategory: undefined }, 'Please enter your wage frequency'],
    [
      'nextPayDate',
      { nextPayDate: '2020-01-01' },
      'Please choose a weekday between 6 and 45 days from today.',
    ],
    ['confirmation', { confirmation: false }, 'This field is required.'],
    ['address', { address: '' }, 'Please enter your current address'],
    [
      'flatNo',
      { autoAddress: false, houseNumber: '', building: '', flatNo: '' },
      'Please enter your flat number, building name or house number',
    ],
  ])('rejects a bad %s with the spec message and stores nothing', async (field, overrides, message) => {
    const res = await submit(createStage1Payload(overrides as never));
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields[field]).toBe(message);
    expect(await count('customers')).toBe(0);
    expect(await count('applications')).toBe(0);
  });

  it('prices provider visitors at 0.6% a day only for a configured partner tier', async () => {
    await t.close();
    t = await createTestApp({ PROVIDER_TIERS: 'partner-a' });
    await submit(createStage1Payload({ tierName: 'partner-a' }));
    await submit(createStage1Payload({ tierName: 'made-up' }));
    const rates = await t.ctx.db
      .selectFrom('applications')
      .select(['tier_name', 'daily_rate_ppm'])
      .orderBy('id')
      .execute();
    expect(rates).toEqual([
      { tier_name: 'partner-a', daily_rate_ppm: 6000 },
      { tier_name: 'made-up', daily_rate_ppm: 8000 },
    ]);
  });
});
