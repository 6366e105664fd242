import { showsAMonth } from '@lender/contract/bank-statement';
import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { withVerifiedFigures } from '../../entities/open-banking/bank-statement-rules';
import type { EntityRepositories } from '../../entities/unit-of-work';
import type { RepeatLoanRequest } from './repeat-loan-request';

/**
 * A repeat loan's affordability figures (issue 49): the customer's bank statement, when they connected
 * their bank for this loan in the last 7 days, with its lower income and higher spending per category;
 * else the declared figures.
 */
export async function repeatLoanFigures(
  repos: Pick<EntityRepositories, 'bankConnections'>,
  r: Pick<RepeatLoanRequest, 'customerId' | 'netMonthlyIncomePence' | 'affordability'>,
  today: IsoDate,
) {
  const statement = await repos.bankConnections.usable(r.customerId, null, today);
  const seen = withVerifiedFigures(
    r.netMonthlyIncomePence,
    r.affordability.expensesPence,
    statement?.figures ?? null,
  );
  const expensesPence: Pence = Object.values(seen.expensesPence).reduce((a, p) => a + p, 0);
  return {
    statement,
    /** Whether the statement shows a month's income: what a loan that needs it needs. */
    confirmsIncome: statement !== null && showsAMonth(statement.figures),
    incomePence: seen.incomePence,
    expensesPence,
    creditCommitmentPence: seen.expensesPence.creditCommitment ?? 0,
  };
}
