import { BRAND, telHref } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';

export function Component() {
  return (
    <Page
      heading="Responsible lending"
      lead="We only lend when we are satisfied you can repay without hardship. Here is how we decide, and how we help if things change."
    >
      <div className="prose">
        <div className="banner banner--info">
          <p>
            <strong>Warning: Late repayment can cause you serious money problems.</strong> For help, go to{' '}
            <ExternalLink href={BRAND.moneyHelperUrl}>moneyhelper.org.uk</ExternalLink>.
          </p>
        </div>

        <h2>The rules we follow</h2>
        <p>
          We are authorised and regulated by the Financial Conduct Authority (FCA). Our lending follows the
          FCA&apos;s Consumer Credit sourcebook (CONC), in particular its rules on assessing creditworthiness
          (CONC 5.2A), the price cap for high-cost short-term credit (CONC 5A), and treating customers in
          arrears or default (CONC 7). The FCA&apos;s Consumer Duty also requires us to deliver good outcomes
          for you and to avoid causing foreseeable harm.
        </p>

        <h2>Our checks before we lend</h2>
        <h3>Creditworthiness</h3>
        <p>
          With your permission we search your credit file with credit reference agencies. This shows us your
          other credit, how you have managed it, and any missed payments, defaults or county court judgments.
          The search is recorded on your file. We also check your identity and check for fraud.
        </p>
        <h3>Affordability</h3>
        <p>
          We ask about your income, your household, where you live, your job and 15 kinds of monthly spending,
          from rent and council tax to food, transport and other credit repayments. We check what you tell us
          against your credit file and, where needed, ask for more evidence such as a bank statement or
          payslip. We lend only if, after your essential spending and other commitments, the repayments leave
          you enough to live on, for the whole length of the loan.
        </p>
        <h3>When we will not lend</h3>
        <ul>
          <li>You are under 18, or you do not live in England or Wales.</li>
          <li>
            You are in a formal debt solution such as an individual voluntary arrangement, a debt relief
            order, a debt management plan or bankruptcy.
          </li>
          <li>You have gambling debts or the loan would be used for gambling.</li>
          <li>The loan would be used to repay another short-term loan.</li>
          <li>Our checks suggest the loan would not be affordable or sustainable for you.</li>
        </ul>
        <p>
          A declined application is not a judgment on you. If we decline you, we will not suggest a smaller
          loan just to get a yes, and we do not pass your details to brokers.
        </p>

        <h2>Repeat borrowing</h2>
        <p>
          Using short-term credit again and again can be a sign of money problems. Before every new loan we
          repeat our checks and look at how you have used credit with us and elsewhere. We do not roll loans
          over, and we will not offer a new loan to repay an existing one.
        </p>

        <h2>Signs of financial difficulty</h2>
        <p>It may be time to get help if any of these sound familiar:</p>
        <ul>
          <li>you borrow to pay for everyday essentials such as food, rent or energy;</li>
          <li>you use one credit card or loan to pay another;</li>
          <li>you are behind on priority bills such as rent, mortgage, council tax or energy;</li>
          <li>you only ever pay the minimum on cards, or are over your overdraft limit;</li>
          <li>you are getting letters from creditors or bailiffs;</li>
          <li>worry about money is affecting your sleep, health or relationships.</li>
        </ul>

        <h2>If you are struggling to repay us</h2>
        <p>
          Tell us as soon as you can, even before a payment is due. We will listen, treat you with forbearance
          and due consideration, and agree a way forward that you can afford. Depending on your situation this
          can include:
        </p>
        <ul>
          <li>moving your repayment dates, or spreading what you owe over up to 3 payments;</li>
          <li>accepting reduced payments for a time;</li>
          <li>freezing interest and charges;</li>
          <li>
            pausing collection while you get free debt advice, for at least 30 days if you are working with a
            debt adviser.
          </li>
        </ul>
        <p>
          We will never attempt to collect a repayment from your card more than twice when it has failed, and
          we will not take part payments from your card without talking to you. You can cancel the continuous
          payment authority on your card at any time by contacting us or your bank; you still owe the money,
          so please talk to us about another way to pay.
        </p>
        <p>
          Call us on <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> (
          {BRAND.hours.customerCare}) or e-mail{' '}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>. Signed-in customers can also{' '}
          <Link to="/borrow/schedule">view their repayment schedule</Link> and reschedule payments online.
        </p>

        <h2>Free, confidential debt advice</h2>
        <p>
          These organisations give free, impartial advice and will never try to sell you a loan. We will put
          your account on hold while you speak to them.
        </p>
        <ul>
          <li>
            <ExternalLink href={BRAND.moneyHelperUrl}>MoneyHelper</ExternalLink>: free money guidance from the
            government-backed Money and Pensions Service, including a debt advice locator.
          </li>
          <li>
            <ExternalLink href="https://www.stepchange.org">StepChange Debt Charity</ExternalLink>: online
            debt advice, or call 0800 138 1111.
          </li>
          <li>
            <ExternalLink href="https://www.nationaldebtline.org">National Debtline</ExternalLink>: free debt
            advice by phone on 0808 808 4000 and online.
          </li>
          <li>
            <ExternalLink href="https://www.citizensadvice.org.uk">Citizens Advice</ExternalLink>: help with
            debt, benefits and housing, online, by phone or at a local office.
          </li>
        </ul>

        <h2>If you are in a vulnerable situation</h2>
        <p>
          Illness, bereavement, a relationship breakdown, losing your job, caring responsibilities or
          difficulty reading and understanding information can all make dealing with money harder. If anything
          like this affects you, please tell us. We will record it only with your consent, use it only to
          support you, and adapt how we communicate and what we offer.
        </p>
        <p>
          Read more about what a loan costs on our <Link to="/info/costs">costs</Link> page and in our{' '}
          <Link to="/info/comprehensive-loan-guid">comprehensive loan guide</Link>.
        </p>
      </div>
    </Page>
  );
}
