import { BRAND, telHref } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';
import { DAILY_RATE, DAILY_RATE_CAP, DEFAULT_FEE_MAX, singlePaymentExample } from '../pricing-figures';
import { RepresentativeExampleTable } from '../representative-example';
import { ScrollTable } from '../scroll-table';

/** The worked example of 'What it costs', priced by the engine. */
const example = singlePaymentExample(20000, 30);

const SECTIONS = [
  { id: 'what-is-a-short-term-loan', title: 'What is a short-term loan?' },
  { id: 'what-is-an-instalment-loan', title: 'What is an instalment loan?' },
  { id: 'which-suits-you', title: 'Short-term or instalment: which suits you?' },
  { id: 'what-it-costs', title: 'What a loan costs' },
  { id: 'alternatives', title: 'Before you borrow: the alternatives' },
  { id: 'who-can-apply', title: 'Who can apply' },
  { id: 'how-to-apply', title: 'How to apply, step by step' },
  { id: 'repaying', title: 'Repaying your loan' },
  { id: 'if-you-cannot-pay', title: 'What happens if you cannot pay' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'glossary', title: 'Words you will see' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

/** The h2 takes its wording from SECTIONS, so the contents list and the headings cannot drift apart. */
function SectionHeading({ id }: { id: SectionId }) {
  return <h2 id={id}>{SECTIONS.find((s) => s.id === id)?.title}</h2>;
}

export function Component() {
  return (
    <Page
      heading="Comprehensive loan guide"
      lead="Everything you need to know about short-term and instalment loans, whether you borrow from us or not."
    >
      <div className="prose">
        <p>
          Small, short loans can help with an unexpected bill, but they are an expensive way to borrow. This
          guide explains how they work, what they really cost, what else you could do, and what to expect at
          every stage, so that you can make the right decision for you.
        </p>

        <nav className="card info-toc" aria-labelledby="guide-contents">
          <h2 id="guide-contents">Contents</h2>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <SectionHeading id="what-is-a-short-term-loan" />
        <p>
          A short-term loan, sometimes called a payday loan, is a small loan that you repay in one payment,
          usually on your next payday about a month later. You repay what you borrowed plus interest for the
          days you had the money.
        </p>
        <p>
          With us, a short-term loan can be from £1 to £1,000 and is repaid in a single payment on a date you
          choose between 6 and 45 days from the day you apply. Because it is repaid in one go, the single
          repayment is larger than an instalment would be, so make sure your budget for that month can take
          it.
        </p>

        <SectionHeading id="what-is-an-instalment-loan" />
        <p>
          An instalment loan spreads the repayments over several months. Each monthly payment covers the
          interest built up since the last one and part of the amount borrowed, so the balance falls with
          every payment.
        </p>
        <p>
          Our instalment loans run for 2 to 6 months, with payments timed to match when you are paid: on a
          specific date, the last working day of the month, a particular weekday, or weekly, fortnightly or
          four-weekly pay patterns. Smaller payments are easier to fit into a budget, but because you borrow
          for longer, you pay more interest in total than if you could repay sooner.
        </p>

        <SectionHeading id="which-suits-you" />
        <ScrollTable caption="Short-term and instalment loans compared" wrap>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Short-term loan</th>
              <th scope="col">Instalment loan</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Amount</th>
              <td>£1 to £1,000</td>
              <td>£1 to £1,000</td>
            </tr>
            <tr>
              <th scope="row">Repaid over</th>
              <td>1 month, in one payment</td>
              <td>2 to 6 months, in monthly payments</td>
            </tr>
            <tr>
              <th scope="row">Total interest</th>
              <td>Lower, because you borrow for less time</td>
              <td>Higher, because you borrow for longer</td>
            </tr>
            <tr>
              <th scope="row">Each payment</th>
              <td>One large payment</td>
              <td>Smaller, spread-out payments</td>
            </tr>
            <tr>
              <th scope="row">Suits you if</th>
              <td>your next pay can cover the whole amount plus interest</td>
              <td>you need a few months to repay without going short</td>
            </tr>
          </tbody>
        </ScrollTable>
        <p>
          Whichever you choose, you can repay early at any time without a fee, and pay less interest as a
          result.
        </p>

        <SectionHeading id="what-it-costs" />
        <p>
          We charge simple interest at a fixed {DAILY_RATE} per day on the amount you still owe. We charge no
          fees to apply, to be paid out or to repay early. For example, {example.principal} borrowed for{' '}
          {example.days} days and repaid in one payment costs {example.principal} × {DAILY_RATE} ×{' '}
          {example.days} = {example.interest} in interest, {example.total} in total.
        </p>
        <p>
          The Financial Conduct Authority caps the cost of loans like ours. Interest and fees can never be
          more than {DAILY_RATE_CAP} a day; a default charge can never be more than {DEFAULT_FEE_MAX}; and in
          total you will never pay more in interest and charges than the amount you borrowed.
        </p>
        <RepresentativeExampleTable />
        <p>
          The Representative APR looks very high because it expresses the cost of a few months&apos; borrowing
          as a yearly rate. Compare loans by the total you will repay in pounds. Our{' '}
          <Link to="/info/costs">costs page</Link> explains this in more detail.
        </p>

        <SectionHeading id="alternatives" />
        <p>High-cost credit should not be your first choice. Before you apply, consider whether you could:</p>
        <ul>
          <li>
            <strong>talk to the company you owe:</strong> energy suppliers, councils, landlords and phone
            companies often agree to spread a bill or give you more time;
          </li>
          <li>
            <strong>borrow from a credit union:</strong> not-for-profit lenders whose interest is capped far
            below ours;{' '}
            <ExternalLink href="https://www.findyourcreditunion.co.uk">find a credit union</ExternalLink> near
            you;
          </li>
          <li>
            <strong>use an arranged overdraft:</strong> for a few days it can cost less, but check your
            bank&apos;s rate first;
          </li>
          <li>
            <strong>ask about benefit advances:</strong> if you receive Universal Credit or certain other
            benefits, you may be able to get an interest-free Budgeting Advance or Budgeting Loan from the
            government;
          </li>
          <li>
            <strong>apply for local welfare help:</strong> many councils offer emergency grants or help with
            essentials such as food and energy;
          </li>
          <li>
            <strong>ask your employer:</strong> some employers offer a salary advance or a hardship fund;
          </li>
          <li>
            <strong>use savings, or ask family or friends,</strong> if you can do so without harming those
            relationships.
          </li>
        </ul>
        <p>
          If you are borrowing to pay for everyday essentials or other debts, a loan is likely to make things
          worse. Free, confidential advice from{' '}
          <ExternalLink href={BRAND.moneyHelperUrl}>MoneyHelper</ExternalLink> can help you find a better way
          forward.
        </p>

        <SectionHeading id="who-can-apply" />
        <ul>
          <li>You are 18 or over and live in England or Wales.</li>
          <li>You have a regular income of at least £100 a month after tax.</li>
          <li>You have a UK bank account and a debit card in your own name.</li>
          <li>You have a mobile phone and an e-mail address.</li>
          <li>
            You are not in a formal debt solution, you do not have gambling debts, and the loan is not to
            repay another loan.
          </li>
        </ul>

        <SectionHeading id="how-to-apply" />
        <ol>
          <li>
            <strong>Choose your loan.</strong> Pick an instalment loan or a short-term loan and the amount,
            then select Apply Now.
          </li>
          <li>
            <strong>Tell us about yourself.</strong> Your name, date of birth, contact details, address,
            income, how often you are paid and your first repayment date.
          </li>
          <li>
            <strong>Get your quote.</strong> In about 60 seconds we show a pre-approval quote. Adjust the
            amount, the number of instalments or the dates until it suits you, then accept it.
          </li>
          <li>
            <strong>Debit card check (step 2 of 4).</strong> We confirm your card is valid and yours. No money
            is taken.
          </li>
          <li>
            <strong>Affordability check (step 3 of 4).</strong> Your home, employment and monthly spending, so
            we can check the loan is affordable.
          </li>
          <li>
            <strong>Bank details (step 4 of 4).</strong> The account we pay your loan into.
          </li>
          <li>
            <strong>Read and sign.</strong> Read your loan agreement and the explanations that come with it,
            then sign with a code we text you and a link we e-mail you.
          </li>
          <li>
            <strong>Decision and payment.</strong> Our underwriting team reviews your application (09:00 to
            21:00, 7 days a week). If approved, the money reaches your bank account within 15 minutes of your
            approval e-mail.
          </li>
        </ol>
        <p>
          You can apply at any time, day or night. <Link to="/">Start your application</Link>.
        </p>

        <SectionHeading id="repaying" />
        <p>
          Each repayment is collected from your debit card on its due date under the continuous payment
          authority you give when you apply. Make sure the money is in your account the day before.
        </p>
        <ul>
          <li>
            <strong>Pay early, in full or in part,</strong> at any time from your account, by card or bank
            transfer. A part payment must be at least 10% of the total due. There is no fee, and you save the
            interest for the days you no longer owe the money.
          </li>
          <li>
            <strong>Move your dates</strong> with the reschedule option in your account, spreading what you
            owe over up to 3 payments.
          </li>
          <li>
            <strong>Check your balance</strong> and every transaction in your account&apos;s repayment
            schedule.
          </li>
        </ul>

        <SectionHeading id="if-you-cannot-pay" />
        <p>
          <strong>Warning: Late repayment can cause you serious money problems.</strong> If you think you may
          not be able to pay, contact us before the due date: it is always easier to agree a plan in advance.
        </p>
        <h3>If a payment is missed</h3>
        <ul>
          <li>We may add a one-off default charge of no more than {DEFAULT_FEE_MAX}.</li>
          <li>
            Interest continues at no more than your loan&apos;s rate, and the total of all interest and
            charges can never exceed the amount you borrowed.
          </li>
          <li>
            We will try to collect from your card no more than twice after a failed attempt, and we will
            contact you to understand what has happened.
          </li>
          <li>
            The missed payment is reported to credit reference agencies. It stays on your credit file for 6
            years and can make it harder and more expensive to borrow.
          </li>
        </ul>
        <h3>If arrears continue</h3>
        <p>
          We send you the formal notices the Consumer Credit Act requires, explaining what you owe and your
          rights. Before taking any further step to recover the debt, we send a default notice giving you at
          least 14 days to bring the account up to date. If we still cannot agree a way forward, we may pass
          or sell the debt to a collection agency, and as a last resort the lender or new owner may apply for
          a county court judgment.
        </p>
        <h3>The help we give</h3>
        <p>
          If you are in financial difficulty we will treat you fairly: we can agree reduced payments, give you
          time to get debt advice, and freeze interest and charges. Call us on{' '}
          <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> or read our{' '}
          <Link to="/info/responsible-lending">responsible lending</Link> page for free advice services.
        </p>

        <SectionHeading id="your-rights" />
        <ul>
          <li>
            <strong>Information before you sign:</strong> pre-contract credit information and an adequate
            explanation of the loan.
          </li>
          <li>
            <strong>Withdrawal:</strong> you can withdraw within 14 days of signing, repaying only the amount
            borrowed plus interest for the days you had it.
          </li>
          <li>
            <strong>Early repayment:</strong> you can repay all or part at any time, with no fee.
          </li>
          <li>
            <strong>Your data:</strong> you can see the information we hold about you; see our{' '}
            <Link to="/info/privacy-policy">privacy policy</Link>.
          </li>
          <li>
            <strong>Complaints:</strong> you can complain to us and then to the Financial Ombudsman Service,
            free of charge; see our <Link to="/info/complaints-policy">complaints policy</Link>.
          </li>
        </ul>

        <SectionHeading id="glossary" />
        <dl className="info-terms">
          <dt>Adequate explanation</dt>
          <dd>
            A plain explanation of the loan, its costs and the risks, which we must give you before you sign.
          </dd>
          <dt>APR (annual percentage rate)</dt>
          <dd>
            The total cost of credit expressed as a yearly rate, so that loans can be compared. The
            &lsquo;representative&rsquo; APR is the rate at least 51% of customers are expected to get.
          </dd>
          <dt>Continuous payment authority (CPA)</dt>
          <dd>
            Your permission for us to take repayments from your debit card when they are due. You can cancel
            it at any time with us or your bank.
          </dd>
          <dt>Credit reference agency</dt>
          <dd>
            A company, such as Experian, Equifax or TransUnion, that keeps records of how people manage credit
            and shares them with lenders.
          </dd>
          <dt>Default</dt>
          <dd>When a loan is not repaid as agreed and formal steps to recover the debt begin.</dd>
          <dt>High-cost short-term credit</dt>
          <dd>
            The FCA&apos;s name for loans with an APR of 100% or more that last up to 12 months. It is subject
            to the price cap.
          </dd>
          <dt>Pre-contract credit information (PCCI)</dt>
          <dd>A standard form setting out the key features and costs of the loan before you sign.</dd>
        </dl>

        <h2>Need more help?</h2>
        <p>
          Read our <Link to="/info/faqs">frequently asked questions</Link>, or{' '}
          <Link to="/info/troubleshooting#contact">contact our customer care team</Link>.
        </p>
      </div>
    </Page>
  );
}
