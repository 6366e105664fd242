import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';
import { formatPounds } from '@lender/contract/pricing/format';
import { standard } from 'virtual:representative-example';
import {
  ANNUAL_RATE,
  DAILY_RATE,
  DAILY_RATE_CAP,
  DEFAULT_FEE_MAX,
  mostEverRepaid,
  PROVIDER_DAILY_RATE,
  singlePaymentExample,
  TOTAL_COST_CAP,
} from '../pricing-figures';
import { RepresentativeExampleTable } from '../representative-example';

/** Worked examples of simple interest, priced by the engine. */
const month = singlePaymentExample(10000, 30);
const fortnight = singlePaymentExample(10000, 15);
/** The loan the total cost cap is illustrated with. */
const CAP_EXAMPLE_PENCE = 30000;

export function Component() {
  return (
    <Page
      heading="Costs"
      lead="One fixed daily rate, no fees to apply, no fees to repay early, and a legal cap on what you can ever pay."
    >
      <div className="prose">
        <div className="banner banner--info">
          <p>
            <strong>In short:</strong> we charge simple interest of {DAILY_RATE} per day on the part of the
            loan you still owe. Under the Financial Conduct Authority (FCA) price cap you will never pay more
            in interest and charges than the amount you borrowed.
          </p>
        </div>

        <h2>How interest works</h2>
        <p>
          Interest is charged at a fixed rate of <strong>{DAILY_RATE} per day</strong> ({ANNUAL_RATE} a year)
          on the amount you borrowed that you have not yet repaid. It is simple interest: we never charge
          interest on interest, and the rate does not change during your loan.
        </p>
        <p>
          Each repayment pays the interest that has built up since your last repayment first; the rest reduces
          what you owe. As the balance goes down, so does the interest on it, which is why paying back sooner
          costs less.
        </p>
        <h3>A simple illustration</h3>
        <p>
          If you borrow {month.principal} and repay it in one payment after {month.days} days, the interest is{' '}
          {month.principal} × {DAILY_RATE} × {month.days} days = {month.interest}, so you repay {month.total}{' '}
          in total. Repay the same loan after {fortnight.days} days and the interest is {fortnight.interest}.
        </p>
        <p>
          Your quote shows the exact amount of every instalment, the total interest and the total you will
          repay before you commit to anything. The same figures appear in your pre-contract information and
          your loan agreement.
        </p>

        <h2>The FCA price cap</h2>
        <p>
          Loans like ours are high-cost short-term credit. Since January 2015 the FCA has capped what lenders
          may charge for them, and our prices are set within every part of the cap:
        </p>
        <ul>
          <li>
            <strong>Daily cap:</strong> interest and fees must not exceed {DAILY_RATE_CAP} per day of the
            amount borrowed. Our rate is {DAILY_RATE} per day, or lower on some offers.
          </li>
          <li>
            <strong>Total cost cap:</strong> you will never pay more in interest, fees and charges than{' '}
            {TOTAL_COST_CAP} of the amount you borrowed. Borrow {formatPounds(CAP_EXAMPLE_PENCE)} and the most
            you could ever repay, in any circumstances, is {mostEverRepaid(CAP_EXAMPLE_PENCE)}. Where a long
            repayment plan would go over this, we lower the rate so that it does not.
          </li>
          <li>
            <strong>Default charge cap:</strong> if you miss a repayment, the charge for it is capped at{' '}
            {DEFAULT_FEE_MAX} in total. Interest after a missed payment cannot be charged at more than your
            loan&apos;s own rate, and still counts towards the total cost cap.
          </li>
        </ul>

        <h2>Fees we do not charge</h2>
        <ul>
          <li>No fee to apply, and no fee if your application is declined.</li>
          <li>
            No fee for repaying early, in full or in part. You only pay interest for the days you have the
            money.
          </li>
          <li>No fee for changing your repayment card or your contact details.</li>
          <li>We never ask for any payment before a loan is paid out.</li>
        </ul>

        <h2>Representative example</h2>
        <p>
          The example below shows a typical loan of {formatPounds(standard.principalPence)} over{' '}
          {standard.termDays} days in {standard.instalmentsPence.length} instalments. The &lsquo;Normal&rsquo;
          column applies when you apply on our website. The second column applies to visitors who arrive
          through one of our partner lead providers with a personalised offer at {PROVIDER_DAILY_RATE} per
          day.
        </p>
        <RepresentativeExampleTable />
        <p>
          The Representative APR (annual percentage rate) shows the cost of borrowing over a whole year,
          including the effect of interest on a short loan. Because our loans last months, not years, the
          figures in pounds and pence are the most useful guide to what you will pay.
        </p>

        <h2>If you repay early</h2>
        <p>
          You can repay all or part of your loan at any time from your account, by card or by bank transfer.
          Interest stops on the amount you repay from the day we receive it. You also have 14 days after
          signing your agreement to withdraw from it: you repay the amount borrowed plus interest for the days
          you had it, and nothing else.
        </p>

        <h2>If you are worried about repaying</h2>
        <p>
          Tell us as early as you can. We will look at your situation and can agree a new repayment plan. Read
          how we help on our <Link to="/info/responsible-lending">responsible lending</Link> page, or get free
          and impartial advice from <ExternalLink href={BRAND.moneyHelperUrl}>MoneyHelper</ExternalLink>.
        </p>
        <p>
          <strong>Warning: Late repayment can cause you serious money problems.</strong>
        </p>
      </div>
    </Page>
  );
}
