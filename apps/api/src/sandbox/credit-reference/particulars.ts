import type { AgencyParticulars } from '../../lib/credit-reference/credit-reference-agency';

/**
 * The sandbox's agency: fictional, with an address, phone number and web page that reach no one (an
 * Ofcom drama number, a .example domain), so a declined applicant's notice can be shown and tested
 * without naming a real agency.
 */
export const SANDBOX_AGENCY: AgencyParticulars = {
  name: 'Kestrel Sandbox Credit Reference Ltd',
  postalAddress: ['Sandbox Credit Reference', 'PO Box 4700', 'Nottingham', 'NG80 1ZZ'],
  phone: '0115 496 0470',
  web: 'https://www.sandbox-credit-reference.example/statutory-report',
};
