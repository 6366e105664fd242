import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { expenseMessages } from '@lender/contract/expenses';
import { ErrorId } from '@lender/contract/error-ids';
import { buildQuote } from '@lender/contract/pricing/quote';
import type { IsoDate } from '@lender/contract/dates';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applicantAt, createStage3Payload } from '../../test/application-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const submit = (authorization: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage3', headers: { authorization }, payload });
const application = () => t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
const rows = (
  table: 'application_affordability' | 'application_expenses' | 'application_previous_addresses',
) => t.ctx.db.selectFrom(table).selectAll().execute();

const previousAddress = {
  autoAddress: false,
  postCode: 'sw1a 2aa',
  county: 'Greater London',
  town: 'London',
  street: 'Downing Street',
  building: null,
  houseNumber: '10',
  flatNo: null,
  address: null,
  country: 'United Kingdom',
};

describe('Register/SubmitStage3', () => {
  it('assesses an affordable application and completes it, storing the answers and the figures', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const res = await submit(authorization, createStage3Payload());
    const app = await application();
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { appStatusID: AppStatus.applicationCompleted, appGuid: app.guid },
    });
    expect(app.status_id).toBe(AppStatus.applicationCompleted);

    // The instalment is the largest of the accepted quote, as the pricing engine prices it.
    const quote = buildQuote({
      amountPence: app.amount_pence,
      period: app.period,
      repaymentDate: app.repayment_date as IsoDate,
      wageFrequencyId: app.wage_frequency_id,
      dailyRate: app.daily_rate_ppm / 1_000_000,
    });
    const [assessment] = await rows('application_affordability');
    expect(assessment).toMatchObject({
      application_id: app.id,
      residential_status_id: 7,
      lived_in_address_id: 5,
      marital_status_id: 1,
      employment_type_id: 1,
      employment_industry_id: 10,
      employer_name: 'Acme Ltd',
      employment_length_months: 24,
      loan_purpose_id: 1,
      net_income_pence: 220_000,
      expenses_pence: 90_000,
      instalment_pence: Math.max(...quote.schedule.map((l) => l.paymentPence)),
      buffer_pence: 22_000,
      approved: 1,
    });
    const expenses = await rows('application_expenses');
    expect(expenses).toHaveLength(Object.keys(EXPENSE_LIMITS).length);
    expect(expenses.find((e) => e.category === 'rent')?.monthly_pence).toBe(60_000);
    expect(await rows('application_previous_addresses')).toEqual([]);

    const customer = await t.ctx.db.selectFrom('customers').selectAll().executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ lived_in_address_id: 5, residential_status_id: 7 });
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .selectAll()
      .where('kind', '=', 'affordability-passed')
      .executeTakeFirstOrThrow();
    expect(decision.reason).toMatch(
      /^affordability: net £2,200\.00 - expenses £900\.00 - instalment £\d+\.\d\d = /,
    );
  });

  it('declines when too little is left after expenses and the instalment, and records why', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const payload = createStage3Payload();
    const res = await submit(authorization, {
      ...payload,
      finData: { ...(payload.finData as object), rent: 1500, food: 450 },
    });
    expect(res.json()).toEqual({
      error: {
        errorID: ErrorId.declined,
        errorMessage: 'We are unable to approve your application at this time.',
      },
      object: null,
    });
    expect((await application()).status_id).toBe(AppStatus.leadDeclined);
    const [assessment] = await rows('application_affordability');
    expect(assessment).toMatchObject({ expenses_pence: 200_000, approved: 0 });
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .selectAll()
      .where('kind', '=', 'declined')
      .executeTakeFirstOrThrow();
    expect(decision.reason).toContain('affordability: net £2,200.00 - expenses £2,000.00');
  });

  it('stores the previous address of an applicant who moved in less than a year ago', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const missing = await submit(authorization, createStage3Payload({ liveInAddressID: 1 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().object.fields['previousAddress.postCode']).toBe(Msg.postCode);
    expect(await rows('application_affordability')).toEqual([]);

    const res = await submit(authorization, createStage3Payload({ liveInAddressID: 1, previousAddress }));
    expect(res.json().error.errorID).toBe(0);
    const [stored] = await rows('application_previous_addresses');
    expect(stored).toMatchObject({
      post_code: 'SW1A 2AA',
      house_number: '10',
      street: 'Downing Street',
      town: 'London',
      address_str: '10 Downing Street, London, Greater London, SW1A 2AA',
    });
  });

  it('asks for an employment length only for the statuses that have one', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const employed = createStage3Payload().employmentDetail as object;
    const noLength = await submit(
      authorization,
      createStage3Payload({ employmentDetail: { ...employed, employmentLength: null } }),
    );
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json().object.fields['employmentDetail.employmentLength']).toBe(Msg.employmentLength);

    const retired = await submit(
      authorization,
      createStage3Payload({ employmentDetail: { ...employed, employmentTypeID: 5, employmentLength: null } }),
    );
    expect(retired.json().error.errorID).toBe(0);
    const [assessment] = await rows('application_affordability');
    expect(assessment).toMatchObject({ employment_type_id: 5, employment_length_months: null });
  });

  it('refuses fewer than 3 expenses above zero with the explanation, storing nothing', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const finData = { ...(createStage3Payload().finData as object), creditCommitment: 0 };
    const res = await submit(authorization, createStage3Payload({ finData }));
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields.finData).toBe(Msg.expenses);
    expect((await application()).status_id).toBe(AppStatus.cardAccepted);
  });

  it('stores typed pounds and pence exactly as integer pence (docs/decisions/035)', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const finData = {
      ...(createStage3Payload().finData as object),
      rent: 850.5,
      food: 312.45,
      utility: 0.01,
    };
    const res = await submit(authorization, createStage3Payload({ finData }));
    expect(res.json().error.errorID).toBe(0);
    const pence = Object.fromEntries(
      (await rows('application_expenses')).map((e) => [e.category, e.monthly_pence]),
    );
    expect(pence).toMatchObject({ rent: 85_050, food: 31_245, utility: 1 });
  });

  it('refuses an amount that is missing, not whole pence, negative or above its limit, naming the category', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const { transport: _, ...withoutTransport } = createStage3Payload().finData as Record<string, number>;
    const finData = {
      ...withoutTransport,
      councilTax: 12.345,
      education: -5,
      utility: EXPENSE_LIMITS.utility + 1,
    };
    const res = await submit(authorization, createStage3Payload({ finData }));
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toMatchObject({
      'finData.transport': 'Enter your monthly transport costs, or 0',
      'finData.councilTax': expenseMessages('councilTax').format,
      'finData.education': expenseMessages('education').format,
      'finData.utility': 'Your monthly utility bills must be £1,000 or less',
    });
    expect(await rows('application_expenses')).toHaveLength(0);
    expect((await application()).status_id).toBe(AppStatus.cardAccepted);
  });

  it('refuses ids that are not in their dictionaries, each with its own message', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const payload = createStage3Payload();
    const res = await submit(authorization, {
      ...payload,
      residentalStatusID: 99,
      maritalStatusID: 99,
      employmentDetail: { ...(payload.employmentDetail as object), employmentIndustryID: 999 },
      finData: { ...(payload.finData as object), loanPurposeID: 99 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      residentalStatusID: Msg.homeStatus,
      maritalStatusID: Msg.maritalStatus,
      'employmentDetail.employmentIndustryID': Msg.employmentIndustry,
      'finData.loanPurposeID': Msg.loanReason,
    });
    expect(await rows('application_affordability')).toEqual([]);
  });

  it('refuses the stage before the card check, changing nothing', async () => {
    const early = await applicantAt(t, 'stage2');
    const before = await submit(early.authorization, createStage3Payload());
    expect(before.json()).toEqual({
      error: {
        errorID: ErrorId.stageClosed,
        errorMessage: 'This step of your application is not open. Please continue where you left off.',
      },
      object: null,
    });
    expect((await application()).status_id).toBe(AppStatus.offerAccepted);
    expect(await rows('application_affordability')).toEqual([]);
  });

  it('stores one assessment when the same answers arrive twice', async () => {
    const { authorization } = await applicantAt(t, 'stage3');
    const [first, second] = await Promise.all([
      submit(authorization, createStage3Payload()),
      submit(authorization, createStage3Payload()),
    ]);
    expect([first.json().error.errorID, second.json().error.errorID].sort()).toEqual([
      0,
      ErrorId.stageClosed,
    ]);
    expect(await rows('application_affordability')).toHaveLength(1);
  });
});
