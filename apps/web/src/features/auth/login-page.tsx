import { DEFAULT_DISCOUNT_PERCENT } from '@lender/contract/constants';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Page } from '../../components/page';

/** One login screen with three headings: default, returning customers and discount. */
export function Component() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const percentParam = Number(params.get('percent'));
  const percent =
    Number.isInteger(percentParam) && percentParam !== 0 ? percentParam : DEFAULT_DISCOUNT_PERCENT;
  const offer = pathname === '/login-returning-customers' || pathname === '/login-discount';
  return (
    <Page
      heading={offer ? `Claim Your Special ${percent}% Discount!` : 'Welcome to Your Account'}
      title="Login"
      narrow
    >
      {offer ? (
        <p>As a returning customer you may be eligible for a discount on the interest of your next loan.</p>
      ) : null}
      <p className="banner banner--info">
        Signing in online is not available yet. Please call us and we will help you with your account.
      </p>
      {offer ? <p>Verifying your eligibility will not affect your credit score</p> : null}
      <p>
        <Link to="/forgot-password">Forgot Password</Link>
      </p>
    </Page>
  );
}
