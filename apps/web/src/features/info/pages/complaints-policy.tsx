import { BRAND, telHref } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ExternalLink } from '../external-link';

const FOS_URL = 'https://www.financial-ombudsman.org.uk';

export function Component() {
  return (
    <Page
      heading="Complaints policy"
      lead="If we have got something wrong, we want to know, and we want to put it right."
    >
      <div className="prose">
        <p>
          {BRAND.legalName} (trading as {BRAND.name}) is authorised and regulated by the Financial Conduct
          Authority (FCA), Firm Reference Number {BRAND.firmReferenceNumber}. We handle complaints under the
          FCA&apos;s dispute resolution rules (DISP) and treat every complaint fairly, promptly and free of
          charge.
        </p>

        <h2>What counts as a complaint</h2>
        <p>
          Any expression of dissatisfaction about our service or products, spoken or written, whether or not
          you use the word &lsquo;complaint&rsquo;. That includes, for example, a concern that a loan was not
          affordable for you, a payment taken in error, how we treated you when you were in financial
          difficulty, or how we used your personal data. You can complain yourself, or someone can complain
          for you with your permission, such as a family member, a debt adviser or a claims representative.
        </p>

        <h2>How to complain</h2>
        <p>Contact us in whichever way suits you:</p>
        <dl className="info-contact">
          <dt>Phone</dt>
          <dd>
            <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> ({BRAND.hours.customerCare})
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>, with &lsquo;Complaint&rsquo; in
            the subject line
          </dd>
          <dt>Post</dt>
          <dd>
            Complaints Team, {BRAND.legalName}, {BRAND.registeredAddress}
          </dd>
        </dl>
        <p>To help us look into it quickly, please tell us:</p>
        <ul>
          <li>your full name, date of birth, postcode and, if you have one, your loan number;</li>
          <li>what went wrong and when;</li>
          <li>what you would like us to do to put it right;</li>
          <li>the best way and time to reach you.</li>
        </ul>
        <p>
          If you need us to make adjustments, for example large print, a call at a particular time or
          communicating through someone you trust, tell us and we will.
        </p>

        <h2>What happens next</h2>
        <ol>
          <li>
            <strong>Acknowledgement.</strong> We acknowledge your complaint within 5 working days and tell you
            who is handling it.
          </li>
          <li>
            <strong>Quick resolution.</strong> If we can resolve your complaint to your satisfaction by the
            end of the third working day after we receive it, we will write to you to confirm this and remind
            you of your right to go to the Financial Ombudsman Service if you later change your mind.
          </li>
          <li>
            <strong>Investigation.</strong> Someone who was not involved in the matter looks at what happened,
            listens to any calls and reviews your account. While a complaint about affordability is
            investigated, we pause collection activity on the loan if you ask us to.
          </li>
          <li>
            <strong>Final response.</strong> Within <strong>8 weeks</strong> of receiving your complaint we
            send you a final response explaining our decision and, where we uphold it, how we will put things
            right. If we cannot finish within 8 weeks, we will write to explain why and when we expect to
            respond, and you may go to the Financial Ombudsman Service straight away.
          </li>
        </ol>
        <p>
          Where we find we have treated you unfairly, we aim to put you back in the position you would have
          been in. Depending on the complaint, this can include refunding interest and charges with statutory
          interest added, and asking the credit reference agencies to correct your credit file.
        </p>

        <h2>The Financial Ombudsman Service</h2>
        <p>
          If you are unhappy with our final response, or we have not sent one within 8 weeks, you have the
          right to refer your complaint to the Financial Ombudsman Service. It is free, independent and
          impartial, and its decision is binding on us if you accept it. You must contact it within 6 months
          of the date of our final response.
        </p>
        <dl className="info-contact">
          <dt>Website</dt>
          <dd>
            <ExternalLink href={FOS_URL}>financial-ombudsman.org.uk</ExternalLink>
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href="tel:+448000234567">0800 023 4567</a>
          </dd>
          <dt>Post</dt>
          <dd>Financial Ombudsman Service, Exchange Tower, London E14 9SR</dd>
        </dl>
        <p>
          Using the ombudsman does not affect your other legal rights. You do not need a claims management
          company or a solicitor to complain to us or to the ombudsman.
        </p>

        <h2>Learning from complaints</h2>
        <p>
          We record every complaint and review them regularly for common causes, so that we fix the problem
          and not only the case. Our board receives a report on complaints every quarter.
        </p>
        <p>
          If you are struggling with repayments while your complaint is looked at, please also read our{' '}
          <Link to="/info/responsible-lending">responsible lending</Link> page for the help we and others can
          give.
        </p>
      </div>
    </Page>
  );
}
