import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';

export function Component() {
  return (
    <Page
      heading="Our commitment"
      lead={`${BRAND.name} is a UK direct lender of small loans. We make the decision, we lend the money and we look after your loan until it is repaid.`}
    >
      <div className="prose">
        <h2>Who we are</h2>
        <p>
          {BRAND.name} is a trading name of {BRAND.legalName}, registered in England and Wales (company number{' '}
          {BRAND.companyNumber}), registered office {BRAND.registeredAddress}. We are authorised and regulated
          by the Financial Conduct Authority (FCA) for consumer credit lending, Firm Reference Number{' '}
          {BRAND.firmReferenceNumber}. You can check our entry on the{' '}
          <ExternalLink href="https://register.fca.org.uk">FCA Financial Services Register</ExternalLink>.
        </p>
        <p>
          We lend from £1 to £1,000 to people living in England and Wales: instalment loans repaid over 2 to 6
          months, and short-term loans repaid in one payment after about a month. These are high-cost
          short-term credit, meant for occasional, unexpected costs, not for long-term money problems.
        </p>

        <h2>A direct lender, not a broker</h2>
        <p>When you apply with us, you are applying to us and nobody else. That means:</p>
        <ul>
          <li>your application is not sold or passed around a panel of other lenders or brokers;</li>
          <li>you get one credit search from one lender, not a string of them;</li>
          <li>we never charge a fee for arranging a loan or ask for money before a loan is paid out;</li>
          <li>the people who decided to lend to you are the people you talk to if anything changes.</li>
        </ul>
        <p>
          Some visitors reach us through partner websites that introduce customers to lenders. When that
          happens we still make our own decision, we tell you that you are dealing with us, and our partners
          are never paid a fee by you.
        </p>

        <h2>Our promises to you</h2>
        <h3>Clear prices</h3>
        <p>
          One fixed daily interest rate, no fees to apply and no fees to repay early. You see every repayment
          and the total you will repay before you sign. See <Link to="/info/costs">costs</Link>.
        </p>
        <h3>Responsible decisions</h3>
        <p>
          We check that a loan is affordable for you over its whole term before we lend, and we say no when it
          is not. Read how in <Link to="/info/responsible-lending">responsible lending</Link>.
        </p>
        <h3>Fast and open</h3>
        <p>
          You get a pre-approval quote in about 60 seconds. Once approved, the money is paid into your bank
          account within 15 minutes of your approval e-mail. No phone call is needed, and we keep you updated
          by e-mail at every step.
        </p>
        <h3>Help when you need it</h3>
        <p>
          If your circumstances change, talk to us. We will agree a plan you can afford, point you to free
          debt advice, and never pressure you. If something goes wrong, our{' '}
          <Link to="/info/complaints-policy">complaints policy</Link> explains how we put it right.
        </p>
        <h3>Your data, protected</h3>
        <p>
          We use your information only to assess, provide and manage your loan and to meet our legal duties.
          We do not sell it. See our <Link to="/info/privacy-policy">privacy policy</Link>.
        </p>
        <h3>Standards beyond the law</h3>
        <p>
          We follow the lending code of the Consumer Credit Trade Association. Read our{' '}
          <Link to="/info/ccta-code-of-practice">CCTA code of practice</Link> commitments.
        </p>

        <h2>Is a loan right for you?</h2>
        <p>
          Short-term credit is expensive and is not suitable for everyone. Before you apply, consider the
          alternatives in our <Link to="/info/comprehensive-loan-guid">comprehensive loan guide</Link>, and if
          you are already struggling with debt, get free advice from{' '}
          <ExternalLink href={BRAND.moneyHelperUrl}>MoneyHelper</ExternalLink> first.
        </p>
      </div>
    </Page>
  );
}
