import type { LoanState } from '@lender/contract/calls/loan-state';
import { drawLoanStateInFrame } from './lib/frame-banner';
import { pagePath, startFirstReads } from './lib/first-reads';

/**
 * The route shells' first script (build/route-shells.ts), a second entry of the build and a file of its
 * own: the signed-in page's reads are asked as soon as the HTML has named it, while React and the page's
 * code are still on their way, and where the loan stands is written into the page's frame as soon as it
 * answers (issue 50). Nothing else may be imported here.
 */
const page = pagePath(location.pathname);
// The loan state's answer is kept for React's first render too (lib/api/get-loan-state.ts).
startFirstReads(page, {
  getLoanState: (state) => drawLoanStateInFrame(state as LoanState, page),
});
