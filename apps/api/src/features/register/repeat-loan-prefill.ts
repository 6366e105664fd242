import type { RepeatLoanPrefill } from '@lender/contract/calls/repeat-loan';
import type { ExpenseKey } from '@lender/contract/constants';
import { penceToPounds } from '@lender/contract/money';
import type { AppContext } from '../../app-context';
import { mayApplyAgain } from '../../entities/loans/repeat-eligibility';
import { entityRepositories } from '../../entities/unit-of-work';
import { cardValidIn, EXPENSE_KEYS, prefillAddress } from './repeat-loan-request';

/**
 * Register/GetRepeatLoan: the form's starting point from the account and the newest answers, with
 * the card and bank account on file shown only in part; null when the customer may not apply now.
 */
export async function repeatLoanPrefill(
  ctx: AppContext,
  customerId: number,
): Promise<RepeatLoanPrefill | null> {
  const store = entityRepositories(ctx)(ctx.db);
  const customer = await store.customers.findById(customerId);
  const { newest, loans } = await store.loans.ofCustomer(customerId);
  const previous = await store.applications.latest(customerId);
  if (
    !customer ||
    !previous ||
    !mayApplyAgain(
      newest,
      loans.map((l) => l.book),
    )
  )
    return null;
  const today = ctx.businessDate.today();
  const [answers, card, bank] = await Promise.all([
    store.affordability.latestOf(customerId),
    store.cards.latestOf(customerId),
    store.bankAccounts.latestOf(customerId),
  ]);
  const lastLoan = loans[0]?.book.loan;
  const d = answers?.details;
  return {
    netPay: penceToPounds(answers?.netIncomePence ?? previous.netMonthlyIncomePence),
    livedInAddressID: customer.livedInAddressId ?? d?.livedInAddressId ?? null,
    residentalStatusID: customer.residentialStatusId ?? d?.residentialStatusId ?? null,
    maritalStatusID: d?.maritalStatusId ?? null,
    wageFrequencyID: previous.terms.wageFrequencyId,
    person: { mobile: customer.mobile, email: customer.email, birthDate: customer.birthDate },
    financialData: d
      ? {
          ...(Object.fromEntries(
            EXPENSE_KEYS.map((k) => [k, penceToPounds(d.expensesPence[k] ?? 0)]),
          ) as Record<ExpenseKey, number>),
          loanPurposeID: d.loanPurposeId,
        }
      : null,
    employmentDetail: d
      ? {
          employmentTypeID: d.employmentTypeId,
          employmentIndustryID: d.employmentIndustryId,
          employmentName: d.employerName,
          employmentLength: d.employmentLengthMonths,
        }
      : null,
    currentAddress: prefillAddress(customer.address),
    previousAddress: d?.previousAddress ? prefillAddress(d.previousAddress) : null,
    cardOnFile: card
      ? {
          last4: card.last4,
          endMonth: card.exp_month - 1,
          endYear: card.exp_year,
          usable: cardValidIn(card, today) && !lastLoan?.cpa_cancelled_at && !lastLoan?.blocked_on,
        }
      : null,
    bankOnFile: bank ? { sortCode: bank.sortCode, accountEnding: bank.accountNumber.slice(-4) } : null,
    dailyRate: previous.dailyRate,
    today,
  };
}
