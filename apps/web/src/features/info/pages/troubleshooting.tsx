import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ContactDetails } from '../contact-details';

export function Component() {
  return (
    <Page heading="Troubleshooting" lead="Quick fixes for the problems customers tell us about most often.">
      <div className="prose">
        <nav className="card info-toc" aria-labelledby="troubleshooting-contents">
          <h2 id="troubleshooting-contents">On this page</h2>
          <ol>
            <li>
              <a href="#sms-code">I have not received my SMS code</a>
            </li>
            <li>
              <a href="#email-link">The e-mail link has not arrived</a>
            </li>
            <li>
              <a href="#card-declined">My card was declined at the card check</a>
            </li>
            <li>
              <a href="#page-not-loading">A page will not load</a>
            </li>
            <li>
              <a href="#signing-in">I cannot sign in</a>
            </li>
            <li>
              <a href="#contact">Contact us</a>
            </li>
          </ol>
        </nav>

        <h2 id="sms-code">I have not received my SMS code</h2>
        <p>
          When you sign your agreement we text a verification code to the mobile number on your application.
          It usually arrives within a minute.
        </p>
        <ul>
          <li>
            Check the number you gave starts with 07 and has 11 digits. If it is wrong, call us: we cannot
            send a code to a number we have not verified.
          </li>
          <li>Make sure your phone has signal and is not in flight mode or &lsquo;do not disturb&rsquo;.</li>
          <li>
            Look for messages filtered as spam or from unknown senders; some phones hide these in a separate
            folder.
          </li>
          <li>
            Use the resend link next to the code box. It becomes available again 15 seconds after each
            request. Only the newest code works, so use the last one you receive.
          </li>
        </ul>

        <h2 id="email-link">The e-mail link has not arrived</h2>
        <p>
          We send a verification e-mail when you sign your agreement and when you change your e-mail address.
          The signing page shows &lsquo;Waiting for confirmation...&rsquo; until you open the link, then
          &lsquo;The email was confirmed!&rsquo;.
        </p>
        <ul>
          <li>Check your spam, junk, promotions and updates folders.</li>
          <li>
            Search your inbox for &lsquo;{BRAND.name}&rsquo;. Add {BRAND.supportEmail} to your contacts so
            future e-mails reach your inbox.
          </li>
          <li>
            Use the resend link on the signing page, then open the most recent e-mail: an older link may no
            longer work.
          </li>
          <li>
            If the link says &lsquo;Verification not confirmed&rsquo;, request a new verification e-mail and
            open it on the same device.
          </li>
        </ul>

        <h2 id="card-declined">My card was declined at the card check</h2>
        <p>
          At step 2 we check that your debit card is valid and belongs to you. We do not take any money from
          it at this stage. A check can fail when:
        </p>
        <ul>
          <li>
            the card number, expiry date or security code (CVV2, on the back of the card) was mistyped: check
            them against the card;
          </li>
          <li>
            it is a credit card, prepaid card or business card: we can only accept a personal UK debit card in
            your own name;
          </li>
          <li>
            the billing address does not match: if your card is registered to a different address from your
            home address, answer &lsquo;No&rsquo; to &lsquo;Is your card address the same as your home
            address?&rsquo; and enter the card&apos;s address;
          </li>
          <li>
            your bank&apos;s security check (3-D Secure) was not completed: keep your banking app to hand and
            approve the request when it appears;
          </li>
          <li>your bank has blocked the card or the payment type: your bank can tell you why.</li>
        </ul>
        <p>
          After a declined check you can try again with the same or another card. If it fails twice, call us
          and we will help.
        </p>

        <h2 id="page-not-loading">A page will not load</h2>
        <ul>
          <li>Refresh the page, or close the tab and open our website again.</li>
          <li>
            Use an up-to-date version of Chrome, Edge, Firefox or Safari. Very old browsers are not supported.
          </li>
          <li>
            Turn off browser extensions that block scripts or content for our website, and allow JavaScript.
          </li>
          <li>Switch between mobile data and Wi-Fi, in case one connection is slow or filtered.</li>
          <li>
            If you see a maintenance page, we are carrying out planned work. Applications you have started are
            saved: sign in again when the work is finished to carry on.
          </li>
        </ul>
        <p>
          Your application is saved as you complete each step, so you will not lose your progress if a page
          fails to load.
        </p>

        <h2 id="signing-in">I cannot sign in</h2>
        <p>
          Sign in with the e-mail address you applied with. If you have forgotten your password, use{' '}
          <Link to="/forgot-password">reset your password</Link> and we will e-mail you a link. A new password
          needs at least 6 characters, including a capital letter and a number.
        </p>

        <section id="contact" aria-labelledby="contact-heading" tabIndex={-1}>
          <h2 id="contact-heading">Contact us</h2>
          <p>
            If none of this helps, contact our customer care team. Have your name, date of birth and postcode
            ready so we can find your account quickly. We will never ask for your password or your full card
            number by e-mail.
          </p>
          <ContactDetails />
          <p>
            Want to make a complaint? Read our <Link to="/info/complaints-policy">complaints policy</Link>.
          </p>
        </section>
      </div>
    </Page>
  );
}
