import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGet, accountPost, createAccountHolder } from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const manual = {
  autoAddress: false,
  postCode: 'm1 1ae',
  county: 'Greater Manchester',
  town: 'Manchester',
  street: 'Oxford Road',
  building: 'Kilburn House',
  houseNumber: '',
  flatNo: '12',
  address: '',
  country: 'United Kingdom',
};
const changeAddress = (authorization: string, body: object) =>
  accountPost(t, 'ChangeAddress', body, authorization);
const customerRow = (id: number) =>
  t.ctx.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Account/ChangeAddress', () => {
  it('stores a typed address with how long and on what terms it is lived in, answering its one line', async () => {
    const holder = await createAccountHolder(t);
    const res = await changeAddress(holder.authorization, {
      livedInAddressID: 2,
      residentalStatusID: 1,
      autoAddress: false,
      address: manual,
    });
    expect(res.statusCode).toBe(200);
    const addressStr = 'Flat 12, Kilburn House, Oxford Road, Manchester, Greater Manchester, M1 1AE';
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { addressStr, unchanged: false },
    });
    expect(await customerRow(holder.customer.id)).toMatchObject({
      post_code: 'M1 1AE',
      county: 'Greater Manchester',
      town: 'Manchester',
      street: 'Oxford Road',
      building: 'Kilburn House',
      house_number: null,
      flat_no: '12',
      address_str: addressStr,
      lived_in_address_id: 2,
      residential_status_id: 1,
    });
    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails).toMatchObject({
      livedInAddressID: 2,
      residentalStatusID: 1,
      address: { postCode: 'M1 1AE', flatNo: '12', houseNumber: null, addressStr, country: 'United Kingdom' },
    });
  });

  it("keeps the lookup's own line for a picked address", async () => {
    const holder = await createAccountHolder(t);
    const picked = {
      ...manual,
      autoAddress: true,
      postCode: 'SW1A 2AA',
      building: '',
      flatNo: '',
      houseNumber: '10',
      street: 'Downing Street',
      town: 'London',
      county: '',
      address: '10 Downing Street, London SW1A 2AA',
    };
    const res = await changeAddress(holder.authorization, {
      livedInAddressID: 5,
      residentalStatusID: 7,
      autoAddress: true,
      address: picked,
    });
    expect(res.json().object).toEqual({ addressStr: '10 Downing Street, London SW1A 2AA', unchanged: false });
    expect(await customerRow(holder.customer.id)).toMatchObject({
      address_str: '10 Downing Street, London SW1A 2AA',
      house_number: '10',
      county: null,
    });
  });

  it('refuses ids the dictionaries do not have with 400 on those fields, changing nothing', async () => {
    const holder = await createAccountHolder(t);
    const before = await customerRow(holder.customer.id);
    const res = await changeAddress(holder.authorization, {
      livedInAddressID: 999,
      residentalStatusID: 998,
      autoAddress: false,
      address: manual,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: Msg.livedThere },
      object: { fields: { livedInAddressID: Msg.livedThere, residentalStatusID: Msg.homeStatus } },
    });
    expect(await customerRow(holder.customer.id)).toEqual(before);
  });

  it('answers that nothing changed for the address and answers already held, and stores nothing (issue 31)', async () => {
    const holder = await createAccountHolder(t);
    const body = { livedInAddressID: 2, residentalStatusID: 1, autoAddress: false, address: manual };
    expect((await changeAddress(holder.authorization, body)).json().object.unchanged).toBe(false);
    const before = await customerRow(holder.customer.id);

    const again = await changeAddress(holder.authorization, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { addressStr: before.address_str, unchanged: true },
    });
    expect(await customerRow(holder.customer.id)).toEqual(before);

    // One answer different is a change.
    const moved = await changeAddress(holder.authorization, { ...body, livedInAddressID: 3 });
    expect(moved.json().object.unchanged).toBe(false);
    expect(await customerRow(holder.customer.id)).toMatchObject({ lived_in_address_id: 3 });
  });
});
