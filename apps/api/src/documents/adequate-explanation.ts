import { BRAND } from '@lender/contract/brand';
import type { AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';
import { CPA_MAX_FAILED_ATTEMPTS, WITHDRAWAL_DAYS } from './legal-terms';
import { loanFigures } from './loan-figures';
import { preparedFor, repricingNotice } from './document-opening';

/**
 * contract1: the adequate explanation CONC 4.2.5R asks for before the agreement is made: whether this
 * loan suits the customer's need, what it costs, how it is repaid and what happens if a payment is missed.
 */
export function adequateExplanation(facts: AgreementFacts): AgreementDocument {
  const f = loanFigures(facts);
  const oneRepayment = f.count === 1;
  return {
    title: 'Adequate explanation',
    blocks: [
      preparedFor(facts),
      ...repricingNotice(facts),
      {
        kind: 'paragraph',
        text:
          `Before you sign, please read this explanation of the loan ${BRAND.name} is offering you. It tells ` +
          'you what the loan is for, what it costs and what could happen if you do not repay on time. If ' +
          `anything is unclear, ask us: call ${BRAND.supportPhone} or e-mail ${BRAND.supportEmail}.`,
      },
      { kind: 'heading', text: 'What this loan is for' },
      {
        kind: 'paragraph',
        text:
          'This is a high-cost short-term loan. It is meant for a short-term need, such as an unexpected ' +
          `bill, and is repaid from your pay in ${oneRepayment ? 'one payment' : `${f.count} instalments`}.`,
      },
      {
        kind: 'list',
        items: [
          'It is not suitable for borrowing over a long time: the interest makes it expensive if kept for long.',
          'It is not suitable for paying off other loans, credit cards or debts (refinancing).',
          'It is not suitable if you are already in financial difficulty or struggling with your bills.',
        ],
      },
      { kind: 'heading', text: 'Your loan' },
      {
        kind: 'table',
        caption: 'The main features of your loan',
        rowHeaders: true,
        rows: [
          ['You borrow', f.amount],
          ['You repay', f.instalments],
          [oneRepayment ? 'Repayment date' : 'Repayment dates', f.dates.join(', ')],
          ['Interest', `${f.totalInterest} in total, at a fixed ${f.dailyRate} a day`],
          ['Total amount payable', f.totalPayable],
          ['APR', f.apr],
        ],
      },
      {
        kind: 'paragraph',
        text:
          'Interest is charged each day on the amount you still owe, from the day you receive the money. ' +
          'There are no other fees unless you miss a payment.',
      },
      { kind: 'heading', text: 'How your payments are taken' },
      {
        kind: 'paragraph',
        text:
          `We take each repayment from your debit card ending ${facts.cardLast4} on its due date. This is a ` +
          'Continuous Payment Authority: your permission for us to take the payments in this agreement ' +
          'from that card without asking you each time. Please make sure the money is in your account on ' +
          'each repayment date.',
      },
      {
        kind: 'list',
        items: [
          'We only take the amounts and dates in your agreement, or a new plan you agree with us.',
          'We never take part of a payment without your agreement.',
          `If a payment fails, we will not make more than ${CPA_MAX_FAILED_ATTEMPTS} unsuccessful attempts ` +
            'to take it, and we will contact you about it.',
          `You can cancel the Continuous Payment Authority at any time by telling us (call ${BRAND.supportPhone} ` +
            `or e-mail ${BRAND.supportEmail}) or your bank or card provider, who must stop it. Cancelling it ` +
            'does not cancel the loan: you still need to repay it another way, so please talk to us.',
        ],
      },
      { kind: 'heading', text: 'If you miss a payment' },
      {
        kind: 'paragraph',
        important: true,
        text: 'Missing payments could have severe consequences for you and make obtaining credit more difficult.',
      },
      {
        kind: 'list',
        items: [
          `We may charge a default fee of at most ${f.defaultFeeMax}` +
            (f.defaultFeeLimited
              ? ` (for this loan, the total cost cap limits it to ${f.defaultFeeLimited}).`
              : '.'),
          `Interest continues at ${f.dailyRate} a day on the amount you owe until it is paid. The law never ` +
            `allows more than ${f.dailyRateCap} a day.`,
          `The total of all interest and charges can never be more than the amount you borrowed, ${f.costCap}, ` +
            `so you will never pay back more than ${f.mostEverPayable} in all.`,
          'We report missed payments to credit reference agencies. This can make it harder or more ' +
            'expensive for you to borrow in future.',
          'If the debt stays unpaid, we may pass it to a debt collection agency or take court action to recover it.',
        ],
      },
      {
        kind: 'paragraph',
        text:
          `If you think you may not be able to pay, contact us as soon as you can on ${BRAND.supportPhone}. ` +
          'We will treat you fairly and can talk about a plan you can afford.',
      },
      { kind: 'heading', text: 'Changing your mind' },
      {
        kind: 'paragraph',
        text:
          `You can withdraw from the agreement within ${WITHDRAWAL_DAYS} days without giving a reason. You ` +
          `then repay the amount borrowed and interest of ${f.interestPerDay} for each day you had the money.`,
      },
      { kind: 'heading', text: 'Paying early' },
      {
        kind: 'paragraph',
        text:
          'You can repay all or part of the loan early at any time, at no extra charge. You only pay ' +
          'interest up to the day you repay.',
      },
      { kind: 'heading', text: 'Free help with money' },
      {
        kind: 'paragraph',
        text:
          'If you are worried about debt, free and impartial advice is available from MoneyHelper ' +
          `(${BRAND.moneyHelperUrl}), which can also point you to free debt advice services.`,
      },
    ],
  };
}
