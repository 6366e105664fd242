import { ErrorId } from '@lender/contract/error-ids';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountApi,
  DETAILS,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  stubApi,
  tearDownAccountTests,
  where,
} from '../../testing/account';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

/** The summary list as [term, value] pairs, change links left out. */
const summaryRows = () =>
  [...document.querySelectorAll('.summary-list__row')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('.summary-list__value')?.textContent,
  ]);

describe('Account area: loading the details', () => {
  it('asks for the details once for the whole area, however many of its pages are opened', async () => {
    const api = accountApi();
    const user = renderAccount('/account');
    await screen.findByRole('link', { name: 'Change Mobile' });
    await user.click(screen.getByRole('link', { name: 'Change Mobile' }));
    await screen.findByRole('heading', { level: 2, name: 'Change Mobile' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('link', { name: 'Change Address' });
    expect(api.to(PATH.details)).toHaveLength(1);
  });

  it('goes to the error page when the answer carries an errorID', async () => {
    stubApi({ [PATH.details]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    renderAccount('/account/contact-details');
    await waitFor(() => expect(where()).toBe('/error'));
  });

  it('goes to the error page on an HTTP failure', async () => {
    stubApi({ [PATH.details]: () => ({ status: 500, errorID: ErrorId.generic }) });
    renderAccount('/account/change-email');
    await waitFor(() => expect(where()).toBe('/error'));
  });

  it('goes to login, not the error page, when the session has ended', async () => {
    stubApi({
      [PATH.details]: () => ({ status: 401, errorID: ErrorId.unauthorized }),
      '/api/Account/RefreshToken': () => ({ errorID: ErrorId.linkExpired }),
    });
    renderAccount('/account');
    await waitFor(() => expect(where()).toBe('/login'));
  });
});

describe('Contact details', () => {
  it("shows the held e-mail, mobile, full name and address under the 'Contact Details' title", async () => {
    accountApi();
    renderAccount('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Details' })).toBeTruthy();
    expect(summaryRows()).toEqual([
      ['Full name', 'Ann Smith'],
      ['E-mail', 'ann.smith@example.com'],
      ['Mobile', '07123456789'],
      ['Password', 'Hidden for your security'],
      ['Address', 'Flat 3, 12 Park Row, Leeds, West Yorkshire, LS1 4AP'],
      ['Documents', 'Your agreements, statements, letters and uploads'],
    ]);
    expect(document.title).toBe('Contact Details | Kestrel Loans');
    expect(screen.getByRole('link', { name: 'View or upload documents' }).getAttribute('href')).toBe(
      '/account/documents',
    );
  });

  it('links to the four change screens', async () => {
    accountApi();
    renderAccount('/account/contact-details');
    await screen.findByRole('link', { name: 'Change Email' });
    const hrefs = ['Change Email', 'Change Mobile', 'Change Password', 'Change Address'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/account/change-email',
      '/account/change-mobile',
      '/account/change-password',
      '/account/change-address',
    ]);
  });

  it('says a new e-mail address is waiting for its link to be clicked', async () => {
    accountApi(
      {},
      { ...DETAILS, contactDetails: { ...DETAILS.contactDetails, pendingEmail: 'ann@new.example' } },
    );
    renderAccount('/account');
    const email = (await screen.findByText('ann.smith@example.com')).closest('dd') as HTMLElement;
    expect(within(email).getByText(/^Waiting for you/).textContent).toBe(
      'Waiting for you to click the link we sent to ann@new.example. Until then we keep writing to the address above.',
    );
  });

  it('shows no waiting note when no change is pending', async () => {
    accountApi();
    renderAccount('/account');
    await screen.findByText('ann.smith@example.com');
    expect(screen.queryByText(/waiting for you to click/i)).toBeNull();
  });
});

describe('Marketing preferences', () => {
  const emailBox = () => screen.getByRole('checkbox', { name: 'News and offers by e-mail' });
  const smsBox = () => screen.getByRole('checkbox', { name: 'News and offers by SMS' });
  const saveButton = () => screen.getByRole('button', { name: 'Save preferences' });
  const status = () => screen.getByRole('status');

  it('shows the held choice, one box per channel', async () => {
    accountApi();
    renderAccount('/account');
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    expect(emailBox()).toHaveProperty('checked', true);
    expect(smsBox()).toHaveProperty('checked', false);
    expect(status().textContent).toBe('');
  });

  it('withdraws with one untick and one press, and confirms in a polite live region', async () => {
    const api = accountApi({ [PATH.preferences]: () => ({}) });
    const user = renderAccount('/account');
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    await user.click(emailBox());
    await user.click(saveButton());
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Your preferences have been saved. We will not send you news and offers.',
      ),
    );
    expect(api.to(PATH.preferences).map((r) => r.body)).toEqual([{ newsByEmail: false, newsBySms: false }]);
    expect(status().getAttribute('role')).toBe('status');
  });

  it('gives consent just as easily, naming the channels now in use', async () => {
    const api = accountApi({ [PATH.preferences]: () => ({}) });
    const user = renderAccount('/account');
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    await user.click(smsBox());
    await user.click(saveButton());
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Your preferences have been saved. We will send you news and offers by e-mail and SMS.',
      ),
    );
    expect(api.to(PATH.preferences).map((r) => r.body)).toEqual([{ newsByEmail: true, newsBySms: true }]);
  });

  it('keeps the saved choice in the held details, and drops the confirmation once a box changes again', async () => {
    accountApi({ [PATH.preferences]: () => ({}) });
    const user = renderAccount('/account');
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    await user.click(emailBox());
    await user.click(saveButton());
    await waitFor(() => expect(status().textContent).not.toBe(''));
    // Away and back within the area: the boxes come from the held details, which now say no e-mail.
    await user.click(screen.getByRole('link', { name: 'Change Mobile' }));
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    expect(emailBox()).toHaveProperty('checked', false);
    await user.click(smsBox());
    expect(status().textContent).toBe('');
  });

  it('says saving failed in a red banner when the server refuses', async () => {
    accountApi({ [PATH.preferences]: () => ({ errorID: ErrorId.generic, errorMessage: 'Error Occured' }) });
    const user = renderAccount('/account');
    await screen.findByRole('heading', { level: 2, name: 'Marketing preferences' });
    await user.click(saveButton());
    const banner = (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'));
    expect(banner?.textContent).toBe('Saving your preferences failed. Please try again.');
    expect(document.activeElement).toBe(banner);
    expect(status().textContent).toBe('');
  });
});
