import type { PlanCost } from '@lender/contract/calls/my-account-area';
import { money } from './borrow-format';
import { Fact } from './borrow-table';

/**
 * What a new plan costs beside today's (issue 45): the total to repay on it (with any amount paid now)
 * and the difference, as the server priced them (MyAccountArea/PlanCost), shown before 'Accept'.
 */
export function PlanCostFacts({ cost }: { cost: PlanCost }) {
  const more = cost.difference > 0;
  const same = cost.difference === 0;
  return (
    <div className="payment-plan-cost">
      <dl className="borrow-facts">
        <Fact term={cost.payNow > 0 ? 'Total to repay, with today’s payment' : 'Total to repay on this plan'}>
          {money(cost.newTotal)}
        </Fact>
        <Fact term="Left to pay on your plan today">{money(cost.currentTotal)}</Fact>
      </dl>
      <p className="payment-note">
        {same
          ? 'This plan costs the same as your plan today.'
          : more
            ? `This plan costs ${money(cost.difference)} more than your plan today.`
            : `This plan costs ${money(-cost.difference)} less than your plan today.`}
      </p>
    </div>
  );
}
