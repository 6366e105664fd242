import { BRAND } from '../brand';

/**
 * The information sheet given before a refinance of high-cost short-term credit (CONC 6.7.20R, issue 46).
 * The rule prescribes the FCA's arrears information sheet (CCA s86A) with modifications, the first being
 * a new title, 'High-cost short-term loans', and a new first sentence. The modified first sentence and
 * any later modifications could not be read word for word in the sources available
 * (docs/decisions/055-refinances-by-instalment-and-forbearance.md): the page gives the prescribed title, links
 * the FCA's own sheet unaltered, and says nothing in the FCA's name that is not the FCA's. A person must
 * add the modified wording from the Handbook before this is relied on; bump the id when the text changes,
 * as each plan records the id of the sheet it was shown.
 */
export const REFINANCE_SHEET = {
  id: 'fca-arrears-sheet-conc-6.7.20R-v1',
  /** CONC 6.7.20R(3): the title substituted for the sheet's own. */
  title: 'High-cost short-term loans',
  url: BRAND.fcaArrearsSheetUrl,
} as const;
