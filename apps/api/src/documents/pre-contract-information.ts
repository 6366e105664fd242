import { BRAND } from '@lender/contract/brand';
import type { AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';
import { WITHDRAWAL_DAYS } from './legal-terms';
import { loanFigures } from './loan-figures';
import { preparedFor, repricingNotice } from './document-opening';

/**
 * contract2: the pre-contract credit information in the layout of the Consumer Credit (Disclosure of
 * Information) Regulations 2010, Schedule 1 (the SECCI): its four sections, each a table of its items.
 */
export function preContractInformation(facts: AgreementFacts): AgreementDocument {
  const f = loanFigures(facts);
  const lender = `${BRAND.legalName}, trading as ${BRAND.name}`;
  return {
    title: 'Pre-contract credit information',
    blocks: [
      { kind: 'paragraph', text: 'Standard European Consumer Credit Information' },
      preparedFor(facts),
      ...repricingNotice(facts),
      { kind: 'heading', text: '1. Contact details' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          ['Creditor', lender],
          ['Address', BRAND.registeredAddress],
          ['Telephone number', BRAND.supportPhone],
          ['E-mail address', BRAND.supportEmail],
          ['FCA firm reference number', BRAND.firmReferenceNumber],
        ],
      },
      { kind: 'heading', text: '2. Key features of the credit product' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          [
            'The type of credit',
            `A fixed-sum, unsecured high-cost short-term loan, repaid ${f.count === 1 ? 'in one payment' : 'in instalments'}.`,
          ],
          [
            'The total amount of credit',
            `${f.amount}. This means the amount of credit to be provided under the proposed credit agreement.`,
          ],
          [
            'How and when the credit would be provided',
            'We pay the full amount into the bank account you gave us once you have signed the agreement ' +
              `and we have completed our final checks. The figures here are for a loan paid out on ${f.today}.`,
          ],
          [
            'The duration of the credit agreement',
            `${f.durationDays} days, from ${f.today} to ${f.lastDate}.`,
          ],
          [
            'Repayments',
            `You repay ${f.instalments}, taken by Continuous Payment Authority from your debit card ending ` +
              `${facts.cardLast4}, on the dates below, which follow your pay frequency (${facts.loan.wageFrequency}).`,
          ],
          [
            'The total amount you will have to pay',
            `${f.totalPayable}. This means the amount you have borrowed plus interest.`,
          ],
        ],
      },
      {
        kind: 'table',
        caption: 'Your repayments',
        columns: ['Date', 'Amount'],
        rows: f.schedule.map((line) => [line.date, line.payment]),
      },
      { kind: 'heading', text: '3. Costs of the credit' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          [
            'The rate of interest which applies to the credit agreement',
            `${f.dailyRate} a day, fixed (${f.annualRate} a year, fixed), simple interest on the amount you owe.` +
              (f.offeredDailyRate
                ? ` This is lower than the ${f.offeredDailyRate} a day you were offered, so that the interest is ` +
                  `no more than the amount you borrow.`
                : ''),
          ],
          [
            'Annual Percentage Rate of Charge (APR)',
            `${f.apr}. This is the total cost expressed as an annual percentage of the total amount of ` +
              'credit. The APR is there to help you compare different offers. It is worked out from the ' +
              'amount, dates and payments of your own loan, so it is not a representative example.',
          ],
          ['Related costs', 'None. There are no fees for setting up the loan or for repaying early.'],
          [
            'Costs in the case of late payments',
            `We may charge a default fee of at most ${f.defaultFeeMax}` +
              (f.defaultFeeLimited ? ` (on this loan at most ${f.defaultFeeLimited})` : '') +
              `. Interest continues at ${f.dailyRate} a day on the amount you owe, never more than ` +
              `${f.dailyRateCap} a day. Interest and charges together can never be more than ${f.costCap}, ` +
              'the amount you borrow.',
          ],
          [
            'Consequences of missing payments',
            'Missing payments could have severe consequences for you and make obtaining credit more ' +
              'difficult. We report missed payments to credit reference agencies, and an unpaid debt may ' +
              'be passed to a debt collection agency or lead to court action.',
          ],
        ],
      },
      { kind: 'heading', text: '4. Other important legal aspects' },
      {
        kind: 'table',
        rowHeaders: true,
        rows: [
          [
            'Right of withdrawal',
            `You have the right to withdraw from the credit agreement within ${WITHDRAWAL_DAYS} calendar ` +
              `days, without giving a reason. You then repay the credit and interest of ${f.interestPerDay} ` +
              'for each day you had it.',
          ],
          [
            'Early repayment',
            'You have the right to repay the credit early at any time, in full or in part. We charge no ' +
              'compensation for it: you pay interest only up to the day you repay.',
          ],
          [
            'Consultation of a database',
            'We search the files of credit reference agencies to assess your application. If we turn it ' +
              'down because of such a search, we will tell you straight away, free of charge, and give you ' +
              'the details of the agency.',
          ],
          [
            'Right to a draft credit agreement',
            'You have the right, on request, to a copy of the draft credit agreement free of charge. This ' +
              'does not apply if we have decided not to go ahead with the agreement.',
          ],
          [
            'The period of time during which the creditor is bound by the pre-contractual information',
            `This information is valid on ${f.today} only, for a loan paid out that day.`,
          ],
        ],
      },
    ],
  };
}
