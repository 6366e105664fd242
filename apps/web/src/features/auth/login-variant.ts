import { DEFAULT_DISCOUNT_PERCENT } from '@lender/contract/constants';

/** The returning-customer offer's two addresses; plain /login is the default screen. */
const OFFER_PATHS = ['/login-returning-customers', '/login-discount'];

/**
 * The discount a link offers: a whole number from its `percent` query, else the default 20 (spec
 * section 4). Zero, a fraction, a negative or anything above 100 would make no sense as an offer, so
 * they read as no override.
 */
export function discountPercent(param: string | null): number {
  const percent = param !== null && /^\d{1,3}$/.test(param.trim()) ? Number(param.trim()) : 0;
  return percent >= 1 && percent <= 100 ? percent : DEFAULT_DISCOUNT_PERCENT;
}

export type LoginVariant = { offer: boolean; heading: string; button: string };

/** One login screen, three headings (spec section 2): the offer variants share theirs. */
export function loginVariant(pathname: string, percentParam: string | null): LoginVariant {
  if (!OFFER_PATHS.includes(pathname.replace(/\/+$/, ''))) {
    return { offer: false, heading: 'Welcome to Your Account', button: 'Login' };
  }
  return {
    offer: true,
    heading: `Claim Your Special ${discountPercent(percentParam)}% Discount!`,
    button: 'Check my eligibility!',
  };
}
