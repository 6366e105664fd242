import { ageOn, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { assessAffordability } from '../../entities/affordability/assess-affordability';

/** What underwriting knows of a signed application (gathered by underwriting-facts.ts). */
export type UnderwritingFacts = {
  today: IsoDate;
  birthDate: IsoDate;
  postCode: string;
  netIncomePence: Pence;
  expensesPence: Pence;
  /** The signed schedule's payments. */
  payments: { dueDate: IsoDate; paymentPence: Pence }[];
  /** Cards and bank accounts given for this application: more than one means one was changed. */
  cardsGiven: number;
  bankAccountsGiven: number;
  /** The card the CPA will collect from: its expiry (month, four-digit year). */
  card: { expMonth: number; expYear: number } | null;
  /** The customer's other loans: still owed, and paid out in the last 12 months. */
  otherLiveLoans: number;
  otherLoansLast12Months: number;
  /** The amount signed for, and the largest payment the same schedule would have for another amount. */
  amountPence: Pence;
  largestPaymentFor: (amountPence: Pence) => Pence;
};

/** A reason in words a customer and a compliance officer both understand; `code` is for reports. */
export type Reason = { code: string; text: string };
export type Verdict =
  | { outcome: 'approve'; reasons: Reason[] }
  | { outcome: 'counter'; amountPence: Pence; reasons: Reason[] }
  | { outcome: 'refer'; reasons: Reason[] }
  | { outcome: 'decline'; reasons: Reason[] };

/** A counter-offer is made in steps of this, and never below the smallest worth offering. */
export const COUNTER_OFFER_STEP_PENCE = 1000;
export const COUNTER_OFFER_MIN_PENCE = 5000;

/** Older than this on the last due date: a person looks at it (docs/decisions/023). */
export const MAX_AGE_AT_LAST_INSTALMENT = 75;
/** Loans paid out in the last 12 months at which a person looks at repeat borrowing (CONC 5.2A.20). */
export const REPEAT_LOANS_TO_REFER = 3;
/** Post code areas outside England and Wales: Scotland, Northern Ireland, the Crown Dependencies. */
const OUTSIDE_ENGLAND_AND_WALES = /^(AB|DD|DG|EH|FK|G|HS|IV|KA|KW|KY|ML|PA|PH|TD|ZE|BT|IM|JE|GY)\d/i;

/**
 * The automated rule set (docs/decisions/023). Any decline rule declines; otherwise any refer rule sends
 * it to a person; otherwise it is approved. An applicant whose stage 3 answers passed unchanged meets
 * every rule, so is approved.
 */
export function underwrite(f: UnderwritingFacts): Verdict {
  const declines: Reason[] = [];
  const refers: Reason[] = [];

  const largest = Math.max(...f.payments.map((p) => p.paymentPence));
  const affordability = assessAffordability({
    netIncomePence: f.netIncomePence,
    expensesPence: f.expensesPence,
    instalmentPence: largest,
  });
  if (!affordability.approved) {
    declines.push({
      code: 'affordability',
      text: 'After your monthly expenses, the repayments of the agreement you signed would leave too little of your income.',
    });
  }
  if (f.otherLiveLoans > 0) {
    declines.push({
      code: 'live-loan',
      text: 'You already have a loan with us that is not yet repaid: we lend one loan at a time.',
    });
  }
  if (f.otherLoansLast12Months >= REPEAT_LOANS_TO_REFER) {
    refers.push({
      code: 'repeat-borrowing',
      text: `You have had ${f.otherLoansLast12Months} loans with us in the last 12 months.`,
    });
  }
  const lastDue = f.payments.reduce((a, p) => (p.dueDate > a ? p.dueDate : a), f.today);
  if (ageOn(f.birthDate, lastDue) > MAX_AGE_AT_LAST_INSTALMENT) {
    refers.push({
      code: 'age',
      text: `You would be over ${MAX_AGE_AT_LAST_INSTALMENT} by your last repayment.`,
    });
  }
  if (OUTSIDE_ENGLAND_AND_WALES.test(f.postCode.replace(/\s+/g, ''))) {
    refers.push({ code: 'residency', text: 'Your home address appears to be outside England and Wales.' });
  }
  if (f.cardsGiven > 1 || f.bankAccountsGiven > 1) {
    refers.push({
      code: 'changed-details',
      text: 'The card or bank account changed during the application.',
    });
  }
  if (!f.card) {
    refers.push({ code: 'no-card', text: 'There is no checked debit card on the application.' });
  } else {
    const endOfExpiry = `${f.card.expYear}-${String(f.card.expMonth).padStart(2, '0')}-31`;
    if (endOfExpiry < lastDue) {
      refers.push({ code: 'card-expiry', text: 'Your card expires before your last repayment.' });
    }
  }

  // Only affordability failed: offer the most the customer can afford on the same dates, if worth it.
  if (declines.length === 1 && declines[0]!.code === 'affordability' && refers.length === 0) {
    const counter = affordableAmount(f);
    if (counter) {
      return {
        outcome: 'counter',
        amountPence: counter,
        reasons: [
          ...declines,
          {
            code: 'counter-offer',
            text: `We can offer ${formatPence(counter)} on the same repayment dates.`,
          },
        ],
      };
    }
  }
  if (declines.length) return { outcome: 'decline', reasons: declines };
  if (refers.length) return { outcome: 'refer', reasons: refers };
  return { outcome: 'approve', reasons: [{ code: 'rules-passed', text: 'Every underwriting rule passed.' }] };
}

/** The largest amount, in steps of £10 below the one signed for, whose payments pass the assessment. */
function affordableAmount(f: UnderwritingFacts): Pence | null {
  const start = Math.floor((f.amountPence - 1) / COUNTER_OFFER_STEP_PENCE) * COUNTER_OFFER_STEP_PENCE;
  for (let amount = start; amount >= COUNTER_OFFER_MIN_PENCE; amount -= COUNTER_OFFER_STEP_PENCE) {
    const passes = assessAffordability({
      netIncomePence: f.netIncomePence,
      expensesPence: f.expensesPence,
      instalmentPence: f.largestPaymentFor(amount),
    }).approved;
    if (passes) return amount;
  }
  return null;
}
