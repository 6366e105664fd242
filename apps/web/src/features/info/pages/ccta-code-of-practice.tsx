import { Link } from 'react-router';
import { BRAND } from '@lender/contract/brand';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';

export function Component() {
  return (
    <Page
      heading="CCTA code of practice"
      lead="As a member of the Consumer Credit Trade Association, we follow its code of practice: standards of conduct that go beyond what the law requires."
    >
      <div className="prose">
        <h2>About the CCTA</h2>
        <p>
          The Consumer Credit Trade Association (CCTA) is a UK trade association for businesses that provide
          consumer credit. Its members agree to follow the CCTA Code of Practice, which sets out how they
          should treat customers at every stage, from advertising a loan to collecting the last repayment. You
          can read about the association and its code on the{' '}
          <ExternalLink href="https://www.ccta.co.uk">CCTA website</ExternalLink>.
        </p>
        <p>
          The summary below is how the code applies to our loans. Where the code and the Financial Conduct
          Authority&apos;s rules overlap, we follow whichever is stricter.
        </p>

        <h2>Our commitments under the code</h2>

        <h3>1. Fair and honest dealing</h3>
        <p>
          We deal with you openly, fairly and courteously. We do not pressure you to borrow, to borrow more,
          or to borrow again, and our staff are not paid in a way that rewards them for doing so.
        </p>

        <h3>2. Clear advertising</h3>
        <p>
          Our advertising is clear, fair and not misleading. It shows a representative example and the warning
          that late repayment can cause you serious money problems, and it never suggests that a loan is a
          solution to debt.
        </p>

        <h3>3. Responsible lending</h3>
        <p>
          Before lending, and again before any new loan, we assess whether you can afford to repay without
          financial difficulty, using your own information and credit reference data. We decline when a loan
          is not right for you. See <Link to="/info/responsible-lending">responsible lending</Link>.
        </p>

        <h3>4. Information before you sign</h3>
        <p>
          Before you sign, you receive the Pre-Contract Credit Information and an Adequate Explanation of the
          loan, its cost, the repayments and what happens if you do not pay. You can ask us questions about
          either before you commit. Once you sign you have 14 days to withdraw, and you can repay early at any
          time with no fee.
        </p>

        <h3>5. Fair collection</h3>
        <p>
          We collect repayments by the method you agreed, on the dates you agreed. We contact you at
          reasonable times and by reasonable means, and never in a way that is threatening, misleading or
          embarrassing. We do not make more than two attempts to take a failed repayment from your card, and
          we do not take part payments from your card without agreeing them with you first.
        </p>

        <h3>6. Help with financial difficulty</h3>
        <p>
          If you tell us you are struggling, we treat you with forbearance and due consideration: we listen,
          look at what you can afford, suspend collection while you get free debt advice, and agree a
          realistic plan. We give extra care to customers in vulnerable circumstances.
        </p>

        <h3>7. Privacy</h3>
        <p>
          We keep your information confidential and use it only as our{' '}
          <Link to="/info/privacy-policy">privacy policy</Link> describes.
        </p>

        <h3>8. Complaints</h3>
        <p>
          We handle complaints promptly and fairly, tell you how to take a complaint further, and learn from
          them. See our <Link to="/info/complaints-policy">complaints policy</Link>.
        </p>

        <h3>9. Training and monitoring</h3>
        <p>
          Everyone who deals with customers is trained in the code and in our regulatory duties, and we check
          regularly that we are meeting them.
        </p>

        <h2>If you think we have not kept to the code</h2>
        <p>
          Please tell us: we treat it as a complaint under our complaints policy. If you are unhappy with our
          final response, you can refer it to the Financial Ombudsman Service, which can take the code into
          account when it decides what is fair. Call us on {BRAND.supportPhone} or e-mail{' '}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
        </p>
      </div>
    </Page>
  );
}
