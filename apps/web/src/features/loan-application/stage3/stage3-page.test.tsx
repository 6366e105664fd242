import { EXPENSE_LIMITS, MAX_EMPLOYMENT_STATUS, MIN_LIVED_IN_ADDRESS } from '@lender/contract/constants';
import { expenseMessages } from '@lender/contract/expenses';
import type { Dictionaries } from '@lender/contract/dictionaries';
import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query';
import { Component as Stage3Page } from './stage3-page';
import { Where } from '../../../testing/where';
import { answerCalls } from '../../../testing/answer-calls';
import { summaryMessages } from '../../../testing/error-summary';

let api: ReturnType<typeof answerCalls>;

// The ids either side of the spec's thresholds, named as the seeded lists name them.
const LIVED_SHORT = MIN_LIVED_IN_ADDRESS;
const LIVED_LONG = MIN_LIVED_IN_ADDRESS + 1;
const IN_WORK = MAX_EMPLOYMENT_STATUS - 1;
const RETIRED = MAX_EMPLOYMENT_STATUS;

const DICTIONARIES: Dictionaries = {
  residentalStatus: [{ id: 3, name: 'Private tenant' }],
  livedInAddress: [
    { id: LIVED_SHORT, name: 'Less than 1 year' },
    { id: LIVED_LONG, name: '1 to 2 years' },
  ],
  employmentStatus: [
    { id: IN_WORK, name: 'Temporary or contract' },
    { id: RETIRED, name: 'Retired' },
  ],
  employmentIndustry: [{ id: 4, name: 'Construction' }],
  loanReason: [{ id: 2, name: 'Home repairs' }],
  maritalStatus: [{ id: 7, name: 'Widowed' }],
};

const INCOME = 2200;
let status = {
  appStatusID: AppStatus.cardAccepted as number,
  appGuid: null as string | null,
  netMonthlyIncome: INCOME as number | null,
};
const submitted = vi.fn();

beforeEach(() => {
  status = { appStatusID: AppStatus.cardAccepted, appGuid: null, netMonthlyIncome: INCOME };
  submitted.mockReset().mockResolvedValue({
    appStatusID: AppStatus.applicationCompleted,
    appGuid: '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11',
  });
  api = answerCalls({
    getApplicationStatus: () => status,
    getDictionaries: () => DICTIONARIES,
    submitStage3: (input) => submitted(input),
    getBankVerification: () => ({ required: false, requiredBecause: [], verification: null }),
  });
});

afterEach(() => queryClient.clear());

const visitStage3 = () =>
  render(
    <MemoryRouter initialEntries={['/loan/stage3']}>
      <Routes>
        <Route path="/loan/stage3" element={<Stage3Page />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

async function renderStage3() {
  visitStage3();
  await screen.findByRole('button', { name: 'Next' });
  // The lists arrive with the form; wait until the selects offer them.
  await screen.findByRole('option', { name: 'Private tenant' });
  return userEvent.setup();
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const amount = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** Types over what a money box holds, as a person does. */
async function typeAmount(user: UserEvent, name: string, text: string) {
  await user.clear(amount(name));
  if (text) await user.type(amount(name), text);
}
const summaryLines = async () => {
  const summary = await screen.findByRole('alert', { name: 'There is a problem' });
  return summaryMessages(summary);
};

/** Everything a complete answer needs, at an address lived at long enough and a status with no length. */
async function fillValid(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText('Do you own the home?'), 'Private tenant');
  await user.selectOptions(screen.getByLabelText('How long have you lived there?'), '1 to 2 years');
  await user.selectOptions(screen.getByLabelText('Employment status'), 'Retired');
  await user.selectOptions(screen.getByLabelText('Employment industry'), 'Construction');
  await user.type(screen.getByLabelText('Employer name'), '  Acme Builders ');
  await typeAmount(user, 'Rent', '650');
  await typeAmount(user, 'Food', '£220.50');
  await typeAmount(user, 'Credit commitment', '80');
  await user.selectOptions(screen.getByLabelText('Loan reason'), 'Home repairs');
  await user.selectOptions(screen.getByLabelText('Marital status'), 'Widowed');
  await user.click(
    screen.getByLabelText(
      'I confirm that I have considered potential future income and outgoings in determining my ability to repay',
    ),
  );
}

const NO_EXPENSES = Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 0]));

describe('Stage 3, affordability check', () => {
  it('shows step 3 of 4 under the heading once the status says this is the right screen', async () => {
    await renderStage3();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Affordability check');
    expect(screen.getByText('Step 3 of 4: your home, work and monthly outgoings.')).toBeTruthy();
    for (const section of ['Address details', 'Employment details', 'Monthly Expenses']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    }
  });

  it('sends an applicant whose application is at another stage home, without showing the form', async () => {
    status = { appStatusID: AppStatus.offerAccepted, appGuid: null, netMonthlyIncome: INCOME };
    visitStage3();
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(api.names()).toEqual(['getApplicationStatus']);
  });

  it("lists every missing answer in the spec's words, in page order, and sends nothing", async () => {
    const user = await renderStage3();
    await next(user);
    expect(await summaryLines()).toEqual([
      'Please enter your home status.',
      'Please enter how long have you lived there.',
      'Please enter your employment status.',
      'Please enter your employment industry.',
      'Please enter your employer name.',
      Msg.expenses,
      'Please enter your loan reason.',
      'Please enter your marital status.',
      'This field is required.',
    ]);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('asks for a previous address only at or below the minimum time lived there, and then requires it', async () => {
    const user = await renderStage3();
    const lived = screen.getByLabelText('How long have you lived there?');
    expect(screen.queryByRole('heading', { name: 'Your previous address' })).toBeNull();

    await user.selectOptions(lived, 'Less than 1 year');
    expect(screen.getByRole('heading', { name: 'Your previous address' })).toBeTruthy();
    await next(user);
    expect(await summaryLines()).toContain('Please enter your previous address.');
    const summaryLink = screen.getByRole('link', { name: 'Please enter your previous address.' });
    await user.click(summaryLink);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Previous address' }));

    // Longer at the address: the block and its message go.
    await user.selectOptions(lived, '1 to 2 years');
    expect(screen.queryByRole('heading', { name: 'Your previous address' })).toBeNull();
    expect(await summaryLines()).not.toContain('Please enter your previous address.');
  });

  it('sends the previous address typed in manual mode', async () => {
    const user = await renderStage3();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('How long have you lived there?'), 'Less than 1 year');
    await user.click(screen.getByRole('button', { name: '+Manual Addr.' }));
    await user.type(screen.getByLabelText('Post code'), 'SW1A 2AA');
    await user.type(screen.getByLabelText('House number'), '10');
    await user.type(screen.getByLabelText('Street'), 'Downing Street');
    await user.type(screen.getByLabelText('Town/City'), 'London');
    await next(user);
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0].previousAddress).toEqual({
      autoAddress: false,
      postCode: 'SW1A 2AA',
      county: null,
      town: 'London',
      street: 'Downing Street',
      building: null,
      houseNumber: '10',
      flatNo: null,
      address: null,
      country: 'United Kingdom',
    });
  });

  it('asks for the employment length only below the maximum employment status, and then requires it', async () => {
    const user = await renderStage3();
    const employment = screen.getByLabelText('Employment status');
    expect(screen.queryByLabelText('Employment length (months)')).toBeNull();

    await user.selectOptions(employment, 'Temporary or contract');
    await next(user);
    expect(await summaryLines()).toContain('Please enter your employment length.');

    await user.selectOptions(employment, 'Retired');
    expect(screen.queryByLabelText('Employment length (months)')).toBeNull();
    expect(await summaryLines()).not.toContain('Please enter your employment length.');
  });

  it('sends the employment length in months when it was asked', async () => {
    const user = await renderStage3();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Employment status'), 'Temporary or contract');
    await user.type(screen.getByLabelText('Employment length (months)'), '18');
    await next(user);
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0].employmentDetail).toEqual({
      employmentTypeID: IN_WORK,
      employmentIndustryID: 4,
      employmentName: 'Acme Builders',
      employmentLength: 18,
    });
  });

  it('asks each expense as a typed amount in pounds, starting at 0, with the pound sign shown once', async () => {
    await renderStage3();
    const group = screen.getByRole('group', { name: 'What you spend each month' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(15);
    expect(screen.queryAllByRole('slider')).toHaveLength(0);
    const rent = amount('Rent');
    expect(rent.value).toBe('0');
    expect([rent.inputMode, rent.autocomplete, rent.type]).toEqual(['decimal', 'off', 'text']);
    // The sign is beside the box, outside its value and hidden from a screen reader (the label names it).
    const sign = rent.parentElement!.querySelector('[aria-hidden="true"]');
    expect(sign?.textContent).toBe('£');
  });

  it('adds the amounts up as they are typed, and says what they leave of the take-home pay', async () => {
    const user = await renderStage3();
    const totals = screen.getByRole('region', { name: 'Your monthly spending' });
    expect(within(totals).getByText('Take-home pay').nextSibling?.textContent).toBe('£2,200.00');
    await typeAmount(user, 'Rent', '850');
    await typeAmount(user, 'Food', '312.45');
    expect(within(totals).getByText('£1,162.45')).toBeTruthy();
    expect(within(totals).getByText('Left after spending').nextSibling?.textContent).toBe('£1,037.55');
    // Text that is not an amount yet counts as nothing; more than the pay is said as such.
    await typeAmount(user, 'Credit commitment', '12.');
    await typeAmount(user, 'Utility', 'abc');
    await typeAmount(user, 'Transport', '1,200');
    expect(within(totals).getByText('More than your pay').nextSibling?.textContent).toBe('£174.45');
    // Read out once the typing pauses, politely.
    await waitFor(
      () =>
        expect(within(totals).getByRole('status').textContent).toBe(
          'You spend £2,374.45 a month, £174.45 more than your take-home pay of £2,200.00.',
        ),
      { timeout: 3000 },
    );
  });

  it('shows the total alone when the income is not known', async () => {
    status = { appStatusID: AppStatus.cardAccepted, appGuid: null, netMonthlyIncome: null };
    const user = await renderStage3();
    await typeAmount(user, 'Rent', '850.5');
    const totals = screen.getByRole('region', { name: 'Your monthly spending' });
    expect(within(totals).getByText('£850.50')).toBeTruthy();
    expect(within(totals).queryByText('Left after spending')).toBeNull();
  });

  it("names the amount in each message: an emptied box, text that is not money, an amount above the category's limit", async () => {
    const user = await renderStage3();
    await fillValid(user);
    await typeAmount(user, 'Transport', '');
    await typeAmount(user, 'Council tax', '12.345');
    await typeAmount(user, 'Utility', String(EXPENSE_LIMITS.utility + 1));
    await typeAmount(user, 'Education', '-5');
    await next(user);

    expect(await summaryLines()).toEqual([
      expenseMessages('utility').tooHigh,
      expenseMessages('transport').missing,
      expenseMessages('councilTax').format,
      expenseMessages('education').format,
    ]);
    expect(expenseMessages('transport').missing).toBe('Enter your monthly transport costs, or 0');
    expect(expenseMessages('utility').tooHigh).toBe('Your monthly utility bills must be £1,000 or less');
    expect(expenseMessages('councilTax').format).toBe(
      'Enter your monthly council tax in pounds, like 850 or 850.50',
    );
    expect(amount('Transport').getAttribute('aria-invalid')).toBe('true');
    // The summary's line leads with the field's name (the form pattern's), then the message.
    await user.click(
      screen.getByRole('link', { name: (name) => name.endsWith(expenseMessages('transport').missing) }),
    );
    expect(document.activeElement).toBe(amount('Transport'));
    expect(submitted).not.toHaveBeenCalled();

    await typeAmount(user, 'Transport', '0');
    await waitFor(() => expect(amount('Transport').getAttribute('aria-invalid')).toBe('false'));
  });

  it('needs at least 3 expenses above zero, saying so in the summary and on the group until there are', async () => {
    const user = await renderStage3();
    await fillValid(user);
    await typeAmount(user, 'Credit commitment', '0');
    await next(user);

    expect(await summaryLines()).toEqual([Msg.expenses]);
    const group = screen.getByRole('group', { name: 'What you spend each month' });
    expect(within(group).getByText(Msg.expenses)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: (name) => name.endsWith(Msg.expenses) }));
    expect(document.activeElement).toBe(group);
    expect(submitted).not.toHaveBeenCalled();

    // A third expense (any of them) clears it.
    await typeAmount(user, 'Council tax', '110');
    await waitFor(() => expect(within(group).queryByText(Msg.expenses)).toBeNull());
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
  });

  it('sends the payload as numbers, with no previous address and no length when they were not asked, then goes to stage 4', async () => {
    const user = await renderStage3();
    await fillValid(user);
    await next(user);
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted).toHaveBeenCalledWith({
      residentalStatusID: 3,
      liveInAddressID: LIVED_LONG,
      maritalStatusID: 7,
      employmentDetail: {
        employmentTypeID: RETIRED,
        employmentIndustryID: 4,
        employmentName: 'Acme Builders',
        employmentLength: null,
      },
      finData: { ...NO_EXPENSES, rent: 650, food: 220.5, creditCommitment: 80, loanPurposeID: 2 },
      previousAddress: null,
      confirmation: true,
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/loan/stage4');
  });

  it('a decline shows the thank-you panel with the decline text instead of the form', async () => {
    submitted.mockRejectedValue(
      new ApiCallError(
        { errorID: ErrorId.declined, errorMessage: 'Declined after the affordability check.' },
        200,
      ),
    );
    const user = await renderStage3();
    await fillValid(user);
    await next(user);

    const thanks = await screen.findByRole('heading', { name: 'Thank you for your application' });
    expect(document.activeElement).toBe(thanks);
    expect(
      screen.getByText(
        'After careful review, we regret to inform you that we are unable to approve it at this time. You may be eligible to reapply in the future.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it("any other refusal shows the server's message in a red banner above the button, focused, and keeps the answers", async () => {
    submitted.mockRejectedValue(
      new ApiCallError({ errorID: 3, errorMessage: 'Please complete the card check first.' }, 200),
    );
    const user = await renderStage3();
    await fillValid(user);
    await next(user);

    const banner = (await screen.findAllByRole('alert')).find((a) => a.classList.contains('banner--error'));
    expect(banner?.textContent).toBe('Please complete the card check first.');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const button = screen.getByRole('button', { name: 'Next' });
    expect(banner!.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Employer name')).toHaveProperty('value', '  Acme Builders ');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
