import { BRAND } from '@lender/contract/brand';
import { maskedAccount, type AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';
import {
  COMPLAINT_ANSWER_WEEKS,
  CPA_MAX_FAILED_ATTEMPTS,
  FINANCIAL_OMBUDSMAN,
  WITHDRAWAL_DAYS,
  WITHDRAWAL_REPAY_WITHIN_DAYS,
} from './legal-terms';
import { loanFigures } from './loan-figures';
import { repricingNotice } from './document-opening';

/** The sentence the Consumer Credit Act puts above the signature of a regulated agreement. */
const SIGN_ONLY_IF =
  'This is a Credit Agreement regulated by the Consumer Credit Act 1974. Sign it only if you want to be legally bound by its terms.';

/**
 * The account the money goes to, masked (issue 45): a borrower reading an account that is not theirs
 * must not sign, and says so before any money moves.
 */
function payoutAccountBlocks(facts: AgreementFacts): AgreementDocument['blocks'] {
  if (!facts.payoutAccount) return [];
  const account = maskedAccount(facts.payoutAccount);
  return [
    {
      kind: 'table',
      caption: 'The account we pay the loan into',
      rowHeaders: true,
      rows: [
        ['Sort code', account.sortCode],
        ['Account number', `${account.accountNumber} (only the last 4 digits are shown)`],
      ],
    },
    {
      kind: 'paragraph',
      important: true,
      text: `If this is not your bank account, do not sign: call us on ${BRAND.supportPhone}.`,
    },
  ];
}

/**
 * contract3: the fixed-sum loan agreement regulated by the Consumer Credit Act 1974, with the figures of
 * this loan, its terms and the statutory notices in plain words. The e-signature itself is added by the
 * PDF copy.
 */
export function loanAgreement(facts: AgreementFacts): AgreementDocument {
  const f = loanFigures(facts);
  const { customer } = facts;
  const contact = `call ${BRAND.supportPhone}, e-mail ${BRAND.supportEmail} or write to us at ${BRAND.registeredAddress}`;
  return {
    title: 'Loan agreement',
    blocks: [
      {
        kind: 'paragraph',
        important: true,
        text: 'Fixed-sum loan agreement regulated by the Consumer Credit Act 1974',
      },
      ...repricingNotice(facts),
      {
        kind: 'table',
        caption: 'The agreement and the parties',
        rowHeaders: true,
        rows: [
          ['Agreement number', facts.reference],
          [
            'Lender',
            `${BRAND.legalName}, trading as ${BRAND.name}, ${BRAND.registeredAddress}. Authorised and ` +
              `regulated by the Financial Conduct Authority, firm reference number ${BRAND.firmReferenceNumber}. ` +
              `Registered in England and Wales, company number ${BRAND.companyNumber}.`,
          ],
          ['Borrower', `${customer.fullName}, ${customer.address}`],
          ['Borrower’s contact details', `${customer.email}, ${customer.mobile}`],
        ],
      },
      { kind: 'heading', text: '1. The credit' },
      {
        kind: 'table',
        caption: 'Key financial information',
        rowHeaders: true,
        rows: [
          ['Amount of credit', f.amount],
          ['Total charge for credit', `${f.totalInterest}, all of it interest: there are no fees`],
          ['Total amount payable', f.totalPayable],
          ['APR', f.apr],
          [
            'Rate of interest',
            `${f.dailyRate} a day, fixed: a fixed rate of ${f.annualRate} a year, simple interest on the amount you owe`,
          ],
          ['Duration', `${f.durationDays} days, from ${f.today} to ${f.lastDate}`],
          ['Repayments', `You repay ${f.instalments}, on the dates in the repayment schedule`],
        ],
      },
      {
        kind: 'paragraph',
        text:
          'We pay the credit into the bank account you gave us once we have completed our final checks. ' +
          `The figures in this agreement are for a loan paid out on ${f.today}.`,
      },
      ...payoutAccountBlocks(facts),
      {
        kind: 'table',
        caption: 'Repayment schedule',
        columns: ['Date', 'Payment', 'Interest', 'Principal'],
        rows: [
          ...f.schedule.map((line) => [line.date, line.payment, line.interest, line.principal]),
          ['Total', f.totalPayable, f.totalInterest, f.amount],
        ],
      },
      { kind: 'heading', text: '2. Interest' },
      {
        kind: 'paragraph',
        text:
          `Interest is charged at ${f.dailyRate} a day, fixed for the life of the loan, on the amount of ` +
          'credit you still owe, from the day you receive the money until the day it is repaid. Interest ' +
          'is not charged on interest. Each payment pays the interest due first and then reduces what you owe.' +
          (f.offeredDailyRate
            ? ` The rate is lower than the ${f.offeredDailyRate} a day you were offered, so that the ` +
              'interest is no more than the amount you borrow.'
            : ''),
      },
      { kind: 'heading', text: '3. How you repay: Continuous Payment Authority' },
      {
        kind: 'paragraph',
        text:
          `You authorise us to take each repayment in the schedule from your debit card ending ${facts.cardLast4} ` +
          'on its due date. We will not take any other amount or use another date unless you agree to it. ' +
          `If a payment fails we will contact you, and we will not make more than ${CPA_MAX_FAILED_ATTEMPTS} ` +
          'unsuccessful attempts to take it. You can cancel this authority at any time with us or with your ' +
          'bank or card provider; you must then repay by another method we agree.',
      },
      { kind: 'heading', text: `4. Your right to withdraw within ${WITHDRAWAL_DAYS} days` },
      {
        kind: 'paragraph',
        text:
          `You may withdraw from this agreement, without giving a reason, within ${WITHDRAWAL_DAYS} days ` +
          'starting the day after the agreement is made (or the day after you receive your copy of it, if ' +
          `later). To withdraw, ${contact}. You must then repay the credit, ${f.amount}, and interest of ` +
          `${f.interestPerDay} for each day from the day you received the money until the day you repay it, ` +
          `no later than ${WITHDRAWAL_REPAY_WITHIN_DAYS} days after telling us.`,
      },
      { kind: 'heading', text: '5. Repaying early' },
      {
        kind: 'paragraph',
        text:
          'You may repay all or part of what you owe at any time, with no charge for doing so. You pay ' +
          `interest only up to the day you repay. For a settlement figure, ${contact}; we will send it in writing.`,
      },
      { kind: 'heading', text: '6. Missed payments and default' },
      {
        kind: 'list',
        items: [
          `If a payment is missed we may charge one default fee of at most ${f.defaultFeeMax}` +
            (f.defaultFeeLimited ? ` (on this loan at most ${f.defaultFeeLimited})` : '') +
            ', for the cost of dealing with it.',
          `Interest continues at ${f.dailyRate} a day on the credit you owe until it is paid, never more ` +
            `than ${f.dailyRateCap} a day.`,
          `Interest and charges together will never be more than ${f.costCap}, the amount of credit, so ` +
            `the most you can ever be asked to pay is ${f.mostEverPayable}.`,
          'We report missed payments to credit reference agencies, which may make it harder or more ' +
            'expensive for you to borrow.',
          'Before we ask you to pay everything at once or take any legal step, we will send you a default ' +
            'notice as the Consumer Credit Act 1974 requires. We may then pass the debt to a debt ' +
            'collection agency or take court action.',
          `If you are in difficulty, ${contact}: we will help you find a way forward. Free debt advice is ` +
            `available from MoneyHelper (${BRAND.moneyHelperUrl}).`,
        ],
      },
      { kind: 'heading', text: '7. Complaints' },
      {
        kind: 'paragraph',
        text:
          `If you have a complaint, ${contact}. If you are not happy with our answer, or we have not ` +
          `answered within ${COMPLAINT_ANSWER_WEEKS} weeks, you can ask the Financial Ombudsman Service, free of charge: ` +
          `${FINANCIAL_OMBUDSMAN.website}, ${FINANCIAL_OMBUDSMAN.phone}.`,
      },
      { kind: 'heading', text: '8. Other terms' },
      {
        kind: 'list',
        items: [
          'The agreement is made when we sign it after our final checks. If we cannot lend, we will tell ' +
            'you and you owe nothing.',
          'We may transfer our rights under this agreement to another company; your rights will not be ' +
            'affected and we will tell you.',
          'This agreement is governed by the law of England and Wales.',
        ],
      },
      { kind: 'heading', text: 'IMPORTANT – READ THIS CAREFULLY TO FIND OUT ABOUT YOUR RIGHTS' },
      {
        kind: 'list',
        items: [
          'The Consumer Credit Act 1974 covers this agreement and sets out requirements for your ' +
            'protection. If they are not met, we cannot enforce this agreement against you without a court order.',
          'The Act also sets out what we must do before we can end this agreement, ask you to pay early, ' +
            'or take back what you owe because you broke its terms: we must first send you a notice.',
          `You have a right to withdraw within ${WITHDRAWAL_DAYS} days, as section 4 explains.`,
          'You have a right to settle this agreement at any time by telling us and paying what you owe, ' +
            'and to receive a settlement figure in writing.',
          'Missing payments could have severe consequences for you and make obtaining credit more difficult.',
          'If you would like to know more about your rights under the Consumer Credit Act 1974, contact ' +
            'Citizens Advice or your local Trading Standards service.',
        ],
      },
      { kind: 'heading', text: 'Signatures' },
      { kind: 'paragraph', important: true, text: SIGN_ONLY_IF },
      {
        kind: 'table',
        caption: 'Signatures of the borrower and the lender',
        rowHeaders: true,
        rows: [
          [
            'Signature of borrower',
            `${customer.fullName}, by electronic signature: confirming the code sent by SMS and the link sent ` +
              'by e-mail, and ticking the declarations. Your copy of this agreement records when and from ' +
              'which device you signed.',
          ],
          ['Signature of lender', `${BRAND.legalName}, on the day we complete our final checks.`],
        ],
      },
    ],
  };
}
