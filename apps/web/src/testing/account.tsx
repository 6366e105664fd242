import type { AccountDetails } from '@lender/contract/calls/account';
import type { Dictionaries } from '@lender/contract/dictionaries';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { answerPaths, type Handler } from './answer-paths';
import { queryClient } from '../lib/query';
import { Component as AccountLayout } from '../features/account/account-layout';
import { Component as ChangeAddressPage } from '../features/account/change-address-page';
import { Component as ChangeEmailPage } from '../features/account/change-email-page';
import { Component as ChangeMobilePage } from '../features/account/change-mobile-page';
import { Component as ChangePasswordPage } from '../features/account/change-password-page';
import { Component as ContactDetailsPage } from '../features/account/contact-details-page';
import { Component as ConfirmEmailPage } from '../features/account/confirm-email-page';
import { Component as CreditSearchesPage } from '../features/account/credit-searches-page';
import { RouterNavigator, Where } from './where';
export { signIn, where } from './where';

/** What the server holds for the signed-in customer in these tests. */
export const DETAILS: AccountDetails = {
  isLegal: false,
  appID: 41,
  customerID: 7,
  personalDetails: { firstName: 'Ann', lastName: 'Smith', birthDate: '1988-04-12' },
  contactDetails: {
    email: 'ann.smith@example.com',
    mobile: '07123456789',
    livedInAddressID: 2,
    residentalStatusID: 3,
    address: {
      postCode: 'LS1 4AP',
      county: 'West Yorkshire',
      town: 'Leeds',
      street: 'Park Row',
      building: null,
      houseNumber: '12',
      flatNo: '3',
      addressStr: 'Flat 3, 12 Park Row, Leeds, West Yorkshire, LS1 4AP',
      country: 'United Kingdom',
    },
    contactPreferences: { newsByEmail: true, newsBySms: false },
    pendingEmail: null,
  },
};

export const DICTIONARIES: Dictionaries = {
  livedInAddress: [
    { id: 1, name: 'Less than 1 year' },
    { id: 2, name: '1 to 2 years' },
  ],
  residentalStatus: [
    { id: 1, name: 'Home owner' },
    { id: 3, name: 'Private tenant' },
  ],
};

/** The server at the network boundary (testing/answer-paths.ts): each path's envelope; every request as sent. */
export const stubApi = answerPaths;
export type { Reply, SentRequest } from './answer-paths';

export const PATH = {
  details: '/api/Account/GetAccountDetails',
  dictionaries: '/api/Dictionary/GetDictionaries',
  changePassword: '/api/Account/ChangePassword',
  changeEmail: '/api/Account/ChangeEmail',
  changeMobile: '/api/Account/ChangeMobile',
  changeAddress: '/api/Account/ChangeAddress',
  preferences: '/api/Account/ChangeContactPreference',
  confirmEmail: '/api/Account/ConfirmEmailChange',
  confirmPassword: '/api/Account/ConfirmPassword',
  creditSearches: '/api/Account/GetCreditSearches',
};

/** The usual server: the details above, the two lists, and the given change handlers. */
export const accountApi = (handlers: Record<string, Handler> = {}, details: AccountDetails = DETAILS) =>
  stubApi({
    [PATH.details]: () => ({ object: details }),
    [PATH.dictionaries]: () => ({ object: DICTIONARIES }),
    ...handlers,
  });

/** The account routes as app/routes.tsx has them, starting at `path`. */
export function renderAccount(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouterNavigator />
      <Routes>
        <Route path="/account" element={<AccountLayout />}>
          <Route index element={<ContactDetailsPage />} />
          <Route path="contact-details" element={<ContactDetailsPage />} />
          <Route path="change-password" element={<ChangePasswordPage />} />
          <Route path="change-email" element={<ChangeEmailPage />} />
          <Route path="change-mobile" element={<ChangeMobilePage />} />
          <Route path="change-address" element={<ChangeAddressPage />} />
          <Route path="credit-searches" element={<CreditSearchesPage />} />
        </Route>
        <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where search />
    </MemoryRouter>,
  );
  return user;
}

export function setUpAccountTests() {
  // happy-dom has no `select.size` (browsers give 0). Without it react-hook-form takes every select for
  // one a person already changed and never puts a default value in (the prefilled change-address choices).
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        return Number(this.getAttribute('size') ?? 0);
      },
    });
  }
}

export function tearDownAccountTests() {
  // Unmounted first: a mounted page would refetch what the cleared cache held, past the stubbed fetch.
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
}

/** The red failure banner (the error summary is an alert too). */
export const failureBanner = async () =>
  (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'));
