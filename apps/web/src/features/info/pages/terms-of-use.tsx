import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';

export function Component() {
  return (
    <Page heading="Terms of use" lead="The rules for using this website and your online account.">
      <div className="prose">
        <p className="info-meta">Last updated 1 September 2026.</p>

        <h2>About these terms</h2>
        <p>
          This website is operated by {BRAND.legalName}, trading as {BRAND.name} (&lsquo;we&rsquo;,
          &lsquo;us&rsquo;), registered in England and Wales with company number {BRAND.companyNumber},
          registered office {BRAND.registeredAddress}. We are authorised and regulated by the Financial
          Conduct Authority, Firm Reference Number {BRAND.firmReferenceNumber}.
        </p>
        <p>
          By using this website you accept these terms. They cover the website and your online account only.
          Any loan you take out is governed by your loan agreement, which you receive and sign before we lend.
          If the two ever differ, your loan agreement applies.
        </p>

        <h2>Who may use this website</h2>
        <p>
          Anyone may read the information on this website. To apply for a loan or open an account you must be
          18 or over and live in England or Wales. Our loans are not offered to people living elsewhere.
        </p>

        <h2>Your account</h2>
        <ul>
          <li>Keep your password private and do not let anyone else use your account.</li>
          <li>
            Choose a password of at least 6 characters with at least one capital letter and one number, and do
            not use it for other websites.
          </li>
          <li>
            Sign out when you have finished, especially on a shared device; signing out removes your sign-in
            from the browser.
          </li>
          <li>
            Tell us straight away if you think someone else knows your password or has used your account; you
            can <Link to="/forgot-password">reset your password</Link> at any time.
          </li>
        </ul>
        <p>
          We may suspend access to an account to protect you or us, for example if we suspect fraud or
          unauthorised access. We will tell you why unless the law prevents us.
        </p>

        <h2>Information you give us</h2>
        <p>
          Everything you tell us in an application must be true, complete and about you. Giving false
          information to obtain credit is a criminal offence, and applications that do so will be declined and
          may be reported to fraud prevention agencies. Apply only for yourself: you must not apply for, or on
          behalf of, another person.
        </p>

        <h2>Using this website</h2>
        <p>You must not:</p>
        <ul>
          <li>
            try to gain access to another person&apos;s account or to parts of our systems not meant for you;
          </li>
          <li>
            interfere with the website&apos;s operation, including by introducing malicious code, overloading
            it or using automated tools to submit applications or collect data;
          </li>
          <li>use the website for any unlawful or fraudulent purpose.</li>
        </ul>

        <h2>Our information is not advice</h2>
        <p>
          The guides and examples on this website are general information to help you decide whether a loan is
          right for you. They are not financial advice about your personal circumstances. If you are unsure,
          free and impartial help is available; see our{' '}
          <Link to="/info/responsible-lending">responsible lending</Link> page.
        </p>

        <h2>Availability</h2>
        <p>
          We aim to keep the website available at all times, but we may need to take it offline for
          maintenance or in an emergency. A maintenance page tells you when this happens. Repayments remain
          due on their dates while the website is unavailable: we still collect them from your card, and you
          can pay by bank transfer.
        </p>

        <h2>Links to other websites</h2>
        <p>
          We link to other organisations, such as free debt advice services and the Financial Ombudsman
          Service, because they may help you. We are not responsible for their content or their privacy
          practices.
        </p>

        <h2>Intellectual property</h2>
        <p>
          The content, design and software of this website belong to us or our licensors. You may view, print
          and save pages for your own personal use, for example to keep a copy of information about your loan.
        </p>

        <h2>Our responsibility to you</h2>
        <p>
          We take reasonable care to keep this website accurate and secure. Nothing in these terms limits our
          liability where it would be unlawful to do so, including for death or personal injury caused by our
          negligence or for fraud, and nothing affects your statutory rights as a consumer.
        </p>

        <h2>Your personal information</h2>
        <p>
          Our <Link to="/info/privacy-policy">privacy policy</Link> explains how we use your personal data,
          and our <Link to="/info/cookies">cookies</Link> page explains what this website stores in your
          browser.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms, for example when the law or our services change. The date at the top
          shows when they last changed. If a change affects your account, we will tell you by e-mail first.
        </p>

        <h2>Law and language</h2>
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales can
          hear any dispute about them. We communicate with you in English.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about these terms? <Link to="/info/troubleshooting#contact">Contact us</Link>. To make a
          complaint, see our <Link to="/info/complaints-policy">complaints policy</Link>.
        </p>
      </div>
    </Page>
  );
}
