import { BRAND, telHref } from '@lender/contract/brand';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { apr, sentence } from 'virtual:representative-example/text';
import { TrustWidget } from './trust-widget';

const GROUPS = [
  {
    title: 'Company',
    links: [
      { to: '/info/our-commitment', label: 'Our commitment' },
      { to: '/info/responsible-lending', label: 'Responsible lending' },
      { to: '/info/complaints-policy', label: 'Complaints policy' },
      { to: '/info/ccta-code-of-practice', label: 'CCTA code of practice' },
    ],
  },
  {
    title: 'Getting a loan',
    links: [
      { to: '/info/costs', label: 'Costs and example' },
      { to: '/info/faqs', label: 'FAQs' },
      { to: '/info/comprehensive-loan-guid', label: 'Loan guide' },
      { to: '/info/troubleshooting', label: 'Troubleshooting' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/info/privacy-policy', label: 'Privacy policy' },
      { to: '/info/terms-of-use', label: 'Terms of use' },
      { to: '/info/cookies', label: 'Cookies' },
    ],
  },
];

const [emailUser, emailDomain] = BRAND.supportEmail.split('@');

/** The year the build ran (vite.config.ts), in which the prerendered pages were written. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const noChange = () => () => undefined;

/**
 * This year. A prerendered page holds the build's year, and hydration must first render what the HTML
 * holds; a build from last year shows this year a moment later.
 */
const useYear = () =>
  useSyncExternalStore(
    noChange,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );

/**
 * The footer, the same on every page. It is below the fold everywhere, so root-layout loads it lazily,
 * out of the first page's script.
 */
export function SiteFooter() {
  const year = useYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <TrustWidget />
        <div className="site-footer__groups">
          {GROUPS.map((g) => (
            <nav key={g.title} aria-label={g.title}>
              <h2>{g.title}</h2>
              <ul>
                {g.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact us</h2>
            <p>
              <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a>
              <br />
              {/* A narrow column may break the address only before the @, never inside a word. */}
              <a className="site-footer__email" href={`mailto:${BRAND.supportEmail}`}>
                {emailUser}
                <wbr />@{emailDomain}
              </a>
            </p>
            <ul className="site-footer__hours">
              <li>{BRAND.hours.applications}</li>
              <li>{BRAND.hours.underwriting}</li>
              <li>{BRAND.hours.customerCare}</li>
            </ul>
          </section>
        </div>
        <p>
          Struggling with money? Free, impartial help is available from{' '}
          <a href={BRAND.moneyHelperUrl} rel="noopener noreferrer">
            MoneyHelper
          </a>
          , the government-backed money and pensions service.
        </p>
        <div className="site-footer__legal">
          <p>
            {/* The home page's representative example, word for word (virtual:representative-example). */}
            Representative example: {sentence} Representative {apr} APR.
          </p>
          <p>
            {BRAND.name} is a trading name of {BRAND.legalName}, a direct lender authorised and regulated by
            the Financial Conduct Authority (Firm Reference Number {BRAND.firmReferenceNumber}). Registered in
            England and Wales, company number {BRAND.companyNumber}. Registered office:{' '}
            {BRAND.registeredAddress}. We do not charge fees for applying, and we never ask for payment before
            a loan is paid out.
          </p>
          <p>
            © {year} {BRAND.legalName}
          </p>
        </div>
      </div>
    </footer>
  );
}
