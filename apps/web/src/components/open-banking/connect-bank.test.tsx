import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import type { VerificationState } from '@lender/contract/calls/open-banking';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query';
import { answerCalls, refusal } from '../../testing/answer-calls';
import { ConnectBank } from './connect-bank';

const OPTIONAL: VerificationState = { required: false, requiredBecause: [], verification: null };
const BANKS = { banks: [{ bankId: 'sandbox-bank', name: 'Sandbox Bank' }] };
const AUTHORISE = 'http://127.0.0.1/sandbox/open-banking/authorise?consent_id=c1&state=s1';

let api: ReturnType<typeof answerCalls>;
const beforeLeave = vi.fn();
const leave = vi.fn();

beforeEach(() => {
  beforeLeave.mockReset();
  leave.mockReset();
  sessionStorage.clear();
  api = answerCalls({
    getBanks: () => BANKS,
    startBankConnection: () => ({ authoriseUrl: AUTHORISE }),
  });
});
afterEach(() => queryClient.clear());

const show = (state: VerificationState) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ConnectBank returnTo="stage3" state={state} beforeLeave={beforeLeave} leave={leave} />
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('Connect your bank (issue 49)', () => {
  it('is optional, says what is read, and sends the applicant to the bank they chose with their answers kept', async () => {
    const user = userEvent.setup();
    show(OPTIONAL);
    const panel = screen.getByRole('region', { name: 'Connect your bank to confirm your income' });
    expect(within(panel).getByText(/This is optional/)).toBeTruthy();
    expect(within(panel).getByText(/90 days of transactions, once/)).toBeTruthy();
    // The banks are asked for only once the applicant opens the choice.
    expect(api.names()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Connect your bank' }));
    const bank = await within(panel).findByRole('combobox', { name: 'Your bank' });
    await within(panel).findByRole('option', { name: 'Sandbox Bank' });
    await user.selectOptions(bank, 'Sandbox Bank');
    await user.click(within(panel).getByRole('button', { name: 'Continue to your bank' }));

    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(AUTHORISE));
    expect(api.to('startBankConnection').map((c) => c.input)).toEqual([
      { bankId: 'sandbox-bank', returnTo: 'stage3' },
    ]);
    expect(beforeLeave).toHaveBeenCalledTimes(1);
  });

  it('asks for a bank before going anywhere', async () => {
    const user = userEvent.setup();
    show(OPTIONAL);
    await user.click(screen.getByRole('button', { name: 'Connect your bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue to your bank' }));
    expect(await screen.findByText('Please choose your bank.')).toBeTruthy();
    expect(api.to('startBankConnection')).toEqual([]);
    expect(leave).not.toHaveBeenCalled();
  });

  it('tells the applicant when the bank is not reachable, and stays', async () => {
    answerCalls({
      getBanks: () => BANKS,
      startBankConnection: () => refusal(ErrorId.bankUnavailable, Refusal.bankUnavailable.errorMessage),
    });
    const user = userEvent.setup();
    show(OPTIONAL);
    await user.click(screen.getByRole('button', { name: 'Connect your bank' }));
    await screen.findByRole('option', { name: 'Sandbox Bank' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your bank' }), 'Sandbox Bank');
    await user.click(screen.getByRole('button', { name: 'Continue to your bank' }));
    expect(await screen.findByText(Refusal.bankUnavailable.errorMessage)).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });

  it('says why when the bank is required, with the choice already open', async () => {
    show({ required: true, requiredBecause: ['declaredIncomeHigh'], verification: null });
    expect(screen.getByText(/because you told us your income is over £3,000 a month/)).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Your bank' })).toBeTruthy();
  });

  it("shows what the bank showed, in the applicant's words to check", () => {
    show({
      required: false,
      requiredBecause: [],
      verification: {
        connectionGuid: '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11',
        bankName: 'Sandbox Bank',
        readOn: '2026-11-28',
        daysCovered: 90,
        monthlyIncomePence: 240_000,
        incomeSources: [{ payer: 'ACME LTD', kind: 'salary', monthlyPence: 240_000 }],
        spending: [{ category: 'rent', monthlyPence: 75_000 }],
      },
    });
    const found = screen.getByRole('status');
    expect(within(found).getByText('We saw £2,400.00 a month from ACME LTD')).toBeTruthy();
    expect(within(found).getByText('Rent: £750.00')).toBeTruthy();
  });

  it('says when the account is too new to confirm the income, and asks for the one it is paid into', () => {
    show({
      required: true,
      requiredBecause: ['declaredIncomeHigh'],
      verification: {
        connectionGuid: '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11',
        bankName: 'Sandbox Bank',
        readOn: '2026-11-28',
        daysCovered: 6,
        monthlyIncomePence: 0,
        incomeSources: [],
        spending: [],
      },
    });
    expect(
      screen.getByText(/shows only 6 days of transactions, too few to confirm your income/),
    ).toBeTruthy();
    expect(screen.getByText(/because you told us your income is over £3,000 a month/)).toBeTruthy();
  });
});
