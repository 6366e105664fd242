import { BRAND } from '@lender/contract/brand';

/** The high-cost short-term credit risk warning, prominent on every page. */
export function RiskWarning() {
  return (
    <aside className="risk-warning" aria-label="Risk warning">
      <p className="container">
        <strong>
          Warning: Late repayment can cause you serious money problems. For help, go to{' '}
          <a href={BRAND.moneyHelperUrl} rel="noopener noreferrer">
            moneyhelper.org.uk
          </a>
        </strong>
      </p>
    </aside>
  );
}
