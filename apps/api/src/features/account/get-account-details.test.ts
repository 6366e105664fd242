import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGet, createAccountHolder } from '../../test/account-holder';
import { createApplicant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('Account/GetAccountDetails', () => {
  it("answers the session's customer in the spec's shape", async () => {
    const { customer, authorization } = await createAccountHolder(t, {
      first_name: 'Wilhelmina',
      last_name: 'Achterberg',
      birth_date: '1979-02-28',
      mobile: '07700900123',
      is_legal: 0,
      post_code: 'EH1 1YZ',
      county: null,
      town: 'Edinburgh',
      street: 'High Street',
      building: 'Tron House',
      house_number: null,
      flat_no: '3',
      address_str: 'Flat 3, Tron House, High Street, Edinburgh, EH1 1YZ',
      lived_in_address_id: 4,
      residential_status_id: 2,
      news_by_email: 1,
      news_by_sms: 0,
    });
    const res = await accountGet(t, 'GetAccountDetails', authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        isLegal: false,
        appID: null,
        customerID: customer.id,
        personalDetails: { firstName: 'Wilhelmina', lastName: 'Achterberg', birthDate: '1979-02-28' },
        contactDetails: {
          email: customer.email,
          mobile: '07700900123',
          livedInAddressID: 4,
          residentalStatusID: 2,
          address: {
            postCode: 'EH1 1YZ',
            county: null,
            town: 'Edinburgh',
            street: 'High Street',
            building: 'Tron House',
            houseNumber: null,
            flatNo: '3',
            addressStr: 'Flat 3, Tron House, High Street, Edinburgh, EH1 1YZ',
            country: 'United Kingdom',
          },
          contactPreferences: { newsByEmail: true, newsBySms: false },
          pendingEmail: null,
        },
      },
    });
  });

  it('gives the newest application id of an applicant, and isLegal from the customer', async () => {
    const applicant = await createApplicant(t.app);
    const customer = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', applicant.payload.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const apps = await t.ctx.db
      .selectFrom('applications')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(apps).toHaveLength(1);
    const res = await accountGet(t, 'GetAccountDetails', applicant.authorization);
    const details = res.json().object;
    expect(details).toMatchObject({
      isLegal: false,
      appID: apps[0]!.id,
      customerID: customer.id,
      personalDetails: { firstName: applicant.payload.firstName, birthDate: applicant.payload.dob },
    });
    expect(details.contactDetails.address.addressStr).toBe(applicant.payload.address);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Account/GetAccountDetails' });
    expect(res.statusCode).toBe(401);
    expect(res.json().object).toBeNull();
  });
});
