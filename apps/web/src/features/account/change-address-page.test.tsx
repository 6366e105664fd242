import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountApi,
  failureBanner,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  tearDownAccountTests,
} from '../../testing/account';
import { summaryMessages } from '../../testing/error-summary';
import { NOTHING_CHANGED } from './change-address-page';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

const NEW_LINE = '40 Boar Lane, Leeds, West Yorkshire, LS1 6HW';

async function open() {
  const user = renderAccount('/account/change-address');
  await screen.findByRole('heading', { level: 2, name: 'Change Address' });
  await screen.findByLabelText('How long have you lived there?');
  return user;
}
const press = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Change Address' }));

async function typeOver(user: UserEvent, label: string, text: string) {
  await user.clear(screen.getByLabelText(label));
  if (text) await user.type(screen.getByLabelText(label), text);
}

/** Moves to a new home typed by hand: 40 Boar Lane, lived there less than a year, still renting. */
async function enterNewHome(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
  await typeOver(user, 'Post code', 'LS1 6HW');
  await typeOver(user, 'Flat number', '');
  await typeOver(user, 'House number', '40');
  await typeOver(user, 'Street', 'Boar Lane');
  await user.selectOptions(screen.getByLabelText('How long have you lived there?'), 'Less than 1 year');
}

describe('Change address', () => {
  it('is prefilled from the held details: both choices and the address', async () => {
    accountApi();
    const user = await open();
    expect(screen.getByLabelText('How long have you lived there?')).toHaveProperty('value', '2');
    expect(screen.getByLabelText('Do you own the home?')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Address')).toHaveProperty(
      'value',
      'Flat 3, 12 Park Row, Leeds, West Yorkshire, LS1 4AP',
    );
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    expect(screen.getByLabelText('Flat number')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('House number')).toHaveProperty('value', '12');
    expect(screen.getByLabelText('Street')).toHaveProperty('value', 'Park Row');
    expect(screen.getByLabelText('Town/City')).toHaveProperty('value', 'Leeds');
  });

  it('sends the change, says it changed, and the held details carry the answer and the new fields', async () => {
    const api = accountApi({ [PATH.changeAddress]: () => ({ object: { addressStr: NEW_LINE } }) });
    const user = await open();
    await enterNewHome(user);
    await press(user);

    const heading = await screen.findByRole('heading', { name: 'Address changed successfully.' });
    expect(document.activeElement).toBe(heading);
    expect(api.to(PATH.changeAddress).map((r) => r.body)).toEqual([
      {
        livedInAddressID: 1,
        residentalStatusID: 3,
        autoAddress: false,
        address: {
          autoAddress: false,
          postCode: 'LS1 6HW',
          county: 'West Yorkshire',
          town: 'Leeds',
          street: 'Boar Lane',
          building: null,
          houseNumber: '40',
          flatNo: null,
          address: null,
          country: 'United Kingdom',
        },
      },
    ]);

    // Contact details shows the server's line, and this page opened again is prefilled with the new home.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText(NEW_LINE)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Change Address' }));
    await screen.findByLabelText('How long have you lived there?');
    expect(screen.getByLabelText('How long have you lived there?')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Address')).toHaveProperty('value', NEW_LINE);
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    expect(screen.getByLabelText('House number')).toHaveProperty('value', '40');
    expect(screen.getByLabelText('Flat number')).toHaveProperty('value', '');
    expect(api.to(PATH.details)).toHaveLength(1);
  });

  it("checks the spec's address rules before sending anything", async () => {
    const api = accountApi({ [PATH.changeAddress]: () => ({ object: { addressStr: NEW_LINE } }) });
    const user = await open();
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    await typeOver(user, 'Flat number', '');
    await typeOver(user, 'House number', '');
    await typeOver(user, 'Street', '');
    await press(user);
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summaryMessages(summary)).toEqual([Msg.flatBuildingOrHouse, Msg.street]);
    expect(api.to(PATH.changeAddress)).toHaveLength(0);
  });

  it("says 'Changing address failed.' when the server refuses, and keeps the held address", async () => {
    accountApi({ [PATH.changeAddress]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    const user = await open();
    await enterNewHome(user);
    await press(user);
    const banner = await failureBanner();
    expect(banner?.textContent).toBe('Changing address failed.');
    expect(document.activeElement).toBe(banner);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('Flat 3, 12 Park Row, Leeds, West Yorkshire, LS1 4AP')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(NEW_LINE)).toBeNull());
  });

  it('says nothing changed, sending nothing, when the held answers are sent as they are (issue 31)', async () => {
    const api = accountApi({ [PATH.changeAddress]: () => ({ object: { addressStr: NEW_LINE } }) });
    const user = await open();
    await press(user);
    expect((await screen.findByText(NOTHING_CHANGED)).getAttribute('role')).toBe('status');
    expect(api.to(PATH.changeAddress)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Address changed successfully.' })).toBeNull();
  });

  it('says nothing changed when the server answers that what it holds is what was sent', async () => {
    const api = accountApi({
      [PATH.changeAddress]: () => ({ object: { addressStr: NEW_LINE, unchanged: true } }),
    });
    const user = await open();
    await enterNewHome(user);
    await press(user);
    expect((await screen.findByText(NOTHING_CHANGED)).getAttribute('role')).toBe('status');
    expect(api.to(PATH.changeAddress)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Address changed successfully.' })).toBeNull();
  });
});
