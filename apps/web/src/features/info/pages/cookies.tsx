import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ScrollTable } from '../scroll-table';

/**
 * What the browser holds, item by item. The names are those of apps/web/src/lib/session.ts; the test
 * checks the session-storage ones, so a new item there cannot go unmentioned here.
 */
export const STORED_ITEMS = [
  {
    name: 'token',
    where: 'Local storage',
    purpose: 'Keeps you signed in: a short-lived key that proves to our server who you are.',
    lasts: 'Until you sign out',
  },
  {
    name: 'refresh_token',
    where: 'Local storage',
    purpose: 'Renews your sign-in key without asking for your password again.',
    lasts: 'Until you sign out',
  },
  {
    name: 'userName, firstName, lastName',
    where: 'Local storage',
    purpose: 'Your e-mail address and name, to greet you and show whose account is open.',
    lasts: 'Until you sign out',
  },
  {
    name: 'isLegal',
    where: 'Local storage',
    purpose: 'Whether your account has a pre-claim area, so the menu shows the right links.',
    lasts: 'Until you sign out',
  },
  {
    name: 'provider',
    where: 'Session storage',
    purpose: 'The partner website that introduced you, so your application gets the offer they showed you.',
    lasts: 'Until you close the tab',
  },
  {
    name: 'source, campaign',
    where: 'Session storage',
    purpose:
      'The link you followed to reach us, recorded with your application so we know who introduced you.',
    lasts: 'Until you close the tab',
  },
] as const;

export function Component() {
  return (
    <Page
      heading="Cookies"
      lead="This website sets no cookies. It stores only what it needs to work, and nothing that tracks you across other websites."
    >
      <div className="prose">
        <h2>What we do not use</h2>
        <ul>
          <li>No cookies set by {BRAND.name}.</li>
          <li>No third-party cookies, advertising trackers or social media plugins.</li>
          <li>No analytics that follow you around the web or build a profile for advertisers.</li>
        </ul>
        <p>Because of this, we do not need to ask for your consent, and you will not see a cookie banner.</p>

        <h2>What your browser stores for us</h2>
        <p>
          Instead of cookies, this website uses your browser&apos;s own storage. Local storage lasts until you
          sign out; session storage is deleted when you close the tab. Nothing stored here is sent to any
          other website.
        </p>
      </div>
      <ScrollTable caption="Items this website stores in your browser" wrap>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Where</th>
            <th scope="col">Why we need it</th>
            <th scope="col">How long it lasts</th>
          </tr>
        </thead>
        <tbody>
          {STORED_ITEMS.map((item) => (
            <tr key={item.name}>
              <th scope="row">
                <code>{item.name}</code>
              </th>
              <td>{item.where}</td>
              <td>{item.purpose}</td>
              <td>{item.lasts}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <div className="prose">
        <h2>Card checks and payments</h2>
        <p>
          When you check a card or make a card payment, your bank may ask you to confirm it is you (3-D
          Secure). That check runs on a page provided by your bank and our card payment provider. They may set
          their own cookies to protect the payment, under their own policies.
        </p>

        <h2>Removing stored information</h2>
        <p>
          Signing out removes everything in local storage. You can also clear this website&apos;s data in your
          browser settings at any time; you will then need to sign in again, and an application you started
          through a partner website may no longer carry that partner&apos;s offer.
        </p>

        <h2>Changes and questions</h2>
        <p>
          If we ever want to use cookies or storage that are not essential, we will update this page and ask
          for your consent first. For how we use your personal information in general, read our{' '}
          <Link to="/info/privacy-policy">privacy policy</Link>.
        </p>
      </div>
    </Page>
  );
}
