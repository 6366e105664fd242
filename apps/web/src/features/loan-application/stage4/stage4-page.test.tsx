import { AppStatus } from '@lender/contract/status';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query';
import { hasSession, storeTokens } from '../../../lib/session';
import { Component as Stage4Page } from './stage4-page';
import { Where } from '../../../testing/where';
import { answerCalls } from '../../../testing/answer-calls';

// Only the network is replaced (testing/answer-calls.ts): the status check, the lists and the submit.
import { signingTokenFor } from '../../../lib/signing-link';
import { summaryMessages } from '../../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;
const APP_GUID = '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11';
let status = { appStatusID: AppStatus.applicationCompleted as number, appGuid: null as string | null };
const submitted = vi.fn();

beforeEach(() => {
  status = { appStatusID: AppStatus.applicationCompleted, appGuid: null };
  submitted.mockReset().mockResolvedValue({ appStatusID: AppStatus.esignSent, appGuid: APP_GUID });
  api = answerCalls({
    getApplicationStatus: () => status,
    submitStage4: (input) => submitted(input),
    esignLink: () => ({ appGuid: APP_GUID, signingToken: 'S4' }),
    logout: () => null,
  });
  storeTokens({ token: 'access', refreshToken: 'refresh' });
});

afterEach(() => queryClient.clear());

const visitStage4 = () =>
  render(
    <MemoryRouter initialEntries={['/loan/stage4']}>
      <Routes>
        <Route path="/loan/stage4" element={<Stage4Page />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

async function renderStage4() {
  visitStage4();
  await screen.findByRole('button', { name: 'Submit' });
  return userEvent.setup();
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit' }));
const summaryLines = async () => {
  const summary = await screen.findByRole('alert', { name: 'There is a problem' });
  return summaryMessages(summary);
};

async function enter(user: UserEvent, sortCode: string, accountNumber: string) {
  await user.type(screen.getByLabelText('Sort code'), sortCode);
  await user.type(screen.getByLabelText('Account number'), accountNumber);
}

describe('Stage 4, bank details', () => {
  it('says what the details are for, under the step 4 of 4 heading', async () => {
    await renderStage4();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Affordability check');
    expect(screen.getByText('Step 4 of 4: your bank details.')).toBeTruthy();
    expect(screen.getByText('Your bank details are used to transfer the money to you.')).toBeTruthy();
  });

  it('sends an applicant whose application is at another stage home', async () => {
    status = { appStatusID: AppStatus.cardAccepted, appGuid: null };
    visitStage4();
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("asks for both in the spec's words when they are empty", async () => {
    const user = await renderStage4();
    await submit(user);
    expect(await summaryLines()).toEqual([
      'Please enter a valid six digit sortcode.',
      'Please enter a valid eight digit account number.',
    ]);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('refuses a sort code that is not 6 digits and an account number that is not 8 digits', async () => {
    const user = await renderStage4();
    await enter(user, '12345', '1234567a');
    await submit(user);
    expect(await summaryLines()).toEqual([
      'Please enter a valid six digit sortcode.',
      'Please enter a valid eight digit account number.',
    ]);
    expect(screen.getByLabelText('Sort code').getAttribute('aria-invalid')).toBe('true');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('sends the digits, signs out and goes to e-sign with the application guid', async () => {
    const user = await renderStage4();
    await enter(user, '12-34-56', ' 12345678 ');
    await submit(user);
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted).toHaveBeenCalledWith({ sortCode: '123456', bankAccountNumber: '12345678' });
    expect((await screen.findByTestId('where')).textContent).toBe(`/loan/stage5/${APP_GUID}`);
    expect(hasSession()).toBe(false);
    // Signing out ends the session on the server too.
    await waitFor(() => expect(api.to('logout').map((c) => c.input)).toEqual(['refresh']));
    // The e-sign page's calls need a signing link: this browser was handed one before signing out.
    expect(signingTokenFor(APP_GUID)).toBe('S4');
  });

  it("shows a refusal's message in a red banner above the button, with focus on it, keeping what was typed", async () => {
    submitted.mockRejectedValue(
      new ApiCallError({ errorID: 3, errorMessage: 'Please complete the affordability check first.' }, 200),
    );
    const user = await renderStage4();
    await enter(user, '123456', '12345678');
    await submit(user);

    const banner = (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'));
    expect(banner?.textContent).toBe('Please complete the affordability check first.');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(banner!.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Account number')).toHaveProperty('value', '12345678');
    expect(hasSession()).toBe(true);
  });
});
