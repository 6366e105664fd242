import type { PreClaim } from '@lender/contract/calls/pre-claim';
import type { DocumentList } from '@lender/contract/calls/document';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query';
import { storeTokens } from '../../lib/session';
import { Component as PreClaimPage } from './pre-claim-page';
import { answerCalls, refusal } from '../../testing/answer-calls';

const LETTER: NonNullable<PreClaim['letter']> = {
  documentSourceID: 7,
  issuedOn: '2026-11-26',
  replyBy: '2026-12-26',
  amountOwed: 385.2,
  interestContinues: false,
  dailyInterest: 0,
  agreementNumber: 41,
  agreementDate: '2026-06-01',
  amountBorrowed: 300,
  lender: 'Kestrel Finance Ltd, trading as Kestrel Loans',
  borrower: 'Jane Doe',
  payTo: {
    accountName: 'Kestrel Finance Ltd',
    sortCode: '00-00-00',
    accountNumber: '00000000',
    reference: '41',
  },
  replyAddress: 'Kestrel Finance Ltd, Pre-claim team, 1 Riverside Walk, London SE1 9XX',
  replyEmail: 'support@kestrelloans.example',
  phone: '020 7946 0123',
};
const AREA: PreClaim = {
  letter: LETTER,
  statement: [
    { date: '2026-06-02', description: 'Loan paid out', added: 300, paid: 0, balance: 300 },
    {
      date: '2026-07-01',
      description: 'Interest (added daily, to this date)',
      added: 85.2,
      paid: 0,
      balance: 385.2,
    },
  ],
  reply: null,
  applicationFigures: {
    dependants: 2,
    income: { wages: 1800 },
    outgoings: { rent: 650, food: 250, councilTax: 120 },
  },
};
const NO_DOCUMENTS: DocumentList = { documents: [], uploadsLeft: 20 };

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/pre-claim']}>
      <PreClaimPage />
    </MemoryRouter>,
  );
  return user;
}

beforeEach(() => storeTokens({ token: 'access', refreshToken: 'refresh' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Pre Claim', () => {
  it('says so, calmly, when the server has not opened the area', async () => {
    answerCalls({
      getPreClaim: () => refusal(263, 'The pre-claim area is not open on your account.'),
    });
    renderPage();
    expect(await screen.findByText('The pre-claim area is not open on your account.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pre Claim' })).toBeTruthy();
  });

  it('shows the letter in plain words, with the date to reply by', async () => {
    answerCalls({
      getPreClaim: () => AREA,
      getDocuments: () => NO_DOCUMENTS,
      getDictionaries: () => ({ documentCategories: [{ id: 1, name: 'Payslip' }] }),
    });
    renderPage();
    const letter = await screen.findByRole('region', { name: 'Our Letter of Claim of 26-11-2026' });
    expect(letter.textContent).toContain('Please reply by 26-12-2026');
    const facts = [...letter.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts.slice(0, 2)).toEqual([
      ['Amount owed', '£385.20'],
      ['Interest and charges', 'No further interest or charges are being added'],
    ]);
    expect(within(letter).getByRole('table', { name: 'Statement of account' }).textContent).toContain(
      '£385.20',
    );
  });

  it('asks for the answers a reply needs before sending anything', async () => {
    const api = answerCalls({
      getPreClaim: () => AREA,
      getDocuments: () => NO_DOCUMENTS,
      getDictionaries: () => ({ documentCategories: [] }),
    });
    const user = renderPage();
    const form = await screen.findByRole('form', { name: 'Reply Form' });
    await user.click(within(form).getByLabelText('I owe some of it'));
    await user.click(within(form).getByRole('button', { name: 'Send my reply' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please enter the amount you agree you owe.');
    expect(summary.textContent).toContain('Please tell us why you do not agree.');
    expect(api.to('submitPreClaimReply')).toEqual([]);
  });

  it('sends the Reply Form with a Financial Statement started from the application, then shows the reply', async () => {
    let replied = false;
    const api = answerCalls({
      getPreClaim: () =>
        replied
          ? {
              ...AREA,
              reply: {
                submittedOn: '2026-11-27',
                documentSourceID: 9,
                seekingAdvice: true,
                noClaimBefore: '2026-12-28',
              },
            }
          : AREA,
      submitPreClaimReply: () => {
        replied = true;
        return { documentSourceID: 9, noClaimBefore: '2026-12-28' };
      },
      getDocuments: () => NO_DOCUMENTS,
      getDictionaries: () => ({ documentCategories: [] }),
    });
    const user = renderPage();
    const form = await screen.findByRole('form', { name: 'Reply Form' });
    await user.click(within(form).getByLabelText('Yes, I owe all of it'));
    await user.click(within(form).getByLabelText('I can pay by instalments'));
    await user.type(within(form).getByLabelText('How much can you pay each month?'), '£30.50');
    await user.click(within(form).getByLabelText('I am getting debt advice'));
    await user.type(within(form).getByLabelText('Who is advising you? (optional)'), 'StepChange');
    await user.click(within(form).getByLabelText('Include a Financial Statement of my income and outgoings'));
    await user.click(within(form).getByRole('button', { name: 'Use the figures from my application' }));
    expect((within(form).getByLabelText('Take-home pay from work') as HTMLInputElement).value).toBe('1800');
    await user.type(within(form).getByLabelText('Benefits and tax credits'), '95');
    await user.click(within(form).getByRole('button', { name: 'Send my reply' }));

    expect(await screen.findByRole('heading', { name: 'We have your reply' })).toBeTruthy();
    expect(screen.getByText(/before 28-12-2026/)).toBeTruthy();
    const [sent] = api.to('submitPreClaimReply');
    expect(sent!.input).toEqual({
      owes: 'all',
      partAmount: null,
      disputeReason: null,
      wantsDocuments: false,
      documentsWanted: null,
      proposesInstalments: true,
      instalmentAmount: 30.5,
      seekingAdvice: true,
      adviserName: 'StepChange',
      financialStatement: {
        dependants: 2,
        income: { wages: 1800, partnerWages: 0, benefits: 95, pension: 0, otherIncome: 0 },
        outgoings: expect.objectContaining({ rent: 650, food: 250, councilTax: 120, utility: 0 }),
      },
    });
  });
});
