import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { ApiCallError } from '../lib/api-client';
import { answerCalls } from './answer-calls';
import { Component as EsignPage } from '../features/loan-application/stage5/esign-page';
import { Where } from './where';

export const GUID = 'b7f9c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

export const AGREEMENTS = {
  contract1: '<h2>Adequate explanation</h2><p>What this loan is for.</p>',
  contract2: '<h2>Pre-contract credit information</h2><p>Key features of the credit.</p>',
  contract3: '<h2>Loan agreement</h2><p>The credit and its repayments.</p>',
  nextSendInSeconds: { sms: 0, email: 0 },
  payoutAccount: { sortCode: '12-34-56', accountNumber: '****6819' },
};

/** An envelope's refusal as callApi throws it. */
export const refusal = (errorID: number, errorMessage: string, status = 200, object: unknown = null) =>
  new ApiCallError({ errorID, errorMessage }, status, object);

/** Each e-sign call's answer; a test replaces the ones it is about. */
export type Answers = {
  getEsign: (input: unknown) => unknown;
  getEmailVerificationLinkStatus: (input: unknown) => unknown;
  sendVerificationSms: (input: unknown) => unknown;
  sendVerificationAndUniqueUrlEmail: (input: unknown) => unknown;
  submitStage5: (payload: unknown) => unknown;
};

export const defaultAnswers = (): Answers => ({
  getEsign: () => AGREEMENTS,
  getEmailVerificationLinkStatus: () => ({ verified: false }),
  sendVerificationSms: () => ({ nextSendInSeconds: 15 }),
  sendVerificationAndUniqueUrlEmail: () => ({ nextSendInSeconds: 15 }),
  submitStage5: () => null,
});

/** Answers the e-sign calls with `answers` (answerCalls), each one a spy so a test can count and read the calls. */
export function answerWith(answers: Answers) {
  const spies = {
    getEsign: vi.fn(answers.getEsign),
    getEmailVerificationLinkStatus: vi.fn(answers.getEmailVerificationLinkStatus),
    sendVerificationSms: vi.fn(answers.sendVerificationSms),
    sendVerificationAndUniqueUrlEmail: vi.fn(answers.sendVerificationAndUniqueUrlEmail),
    submitStage5: vi.fn(answers.submitStage5),
  };
  answerCalls({
    getEsign: (input) => spies.getEsign(input),
    getEmailVerificationLinkStatus: (input) => spies.getEmailVerificationLinkStatus(input),
    sendVerificationSms: (input) => spies.sendVerificationSms(input),
    sendVerificationAndUniqueUrlEmail: (input) => spies.sendVerificationAndUniqueUrlEmail(input),
    submitStage5: (input) => spies.submitStage5(input),
  });
  return spies;
}

/** The e-sign page at its link, and a marker that says where the app went from it. */
export function renderEsign() {
  return render(
    <MemoryRouter initialEntries={[`/loan/stage5/${GUID}`]}>
      <Routes>
        <Route path="/loan/stage5/:appGuid" element={<EsignPage />} />
        <Route path="*" element={<Where search />} />
      </Routes>
    </MemoryRouter>,
  );
}

export const where = async () => (await screen.findByTestId('where')).textContent;
