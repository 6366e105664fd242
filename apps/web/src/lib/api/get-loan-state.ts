import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { currentArrival } from '../arrival';
import { getItem } from '../session';
import { takeFirstAnswer } from '../take-first-read';

export type LoanState = CallResponse<'getLoanState'>;

/** The cache key: a page that changes where the loan stands (a payment, a withdrawal) invalidates it or forgets it. */
export const loanStateKey = ['loan-state'] as const;

/** A banner the person did not ask for: a failure leaves the page as it is (no error page). */
export const getLoanState = () => callApi('getLoanState', undefined, { skipDefaultErrorHandling: true });

/**
 * MyAccountArea/GetLoanState (issue 45 item 11): where the loan stands, read again on every arrival at a
 * page of the signed-in area (a payment or a new card elsewhere may have changed it; the read is small),
 * once per page however many parts of it ask: a part drawn after the read came back (the borrow page's
 * status, once its summary is in) uses it rather than asking again (issue 50). Until the arrival's read
 * is back, the last one is shown.
 */
export const useLoanState = () =>
  useQuery({
    queryKey: loanStateKey,
    queryFn: () => {
      readOn = currentArrival();
      return getLoanState();
    },
    initialData: earlyAnswer,
    staleTime: 0,
    refetchOnMount: () => readOn !== currentArrival(),
    retry: false,
  });

/**
 * After a change to the loan (a payment, a new plan): the banner's figure (the next payment, what is
 * overdue) has changed with it, so the last answer must not be shown again while the next page reads it.
 * Forgotten, the next page waits for the new read as on a first visit (useLoanStateDrawn), and never
 * shows the figure it had beside the new ones.
 */
export const forgetLoanState = (client: QueryClient) => client.removeQueries({ queryKey: loanStateKey });

/** The arrival (lib/arrival.ts) the last read was asked on. */
let readOn = -1;

/**
 * The first arrival's read when the route shell's early script has its answer already (lib/first-reads.ts):
 * the page's frame shows it (lib/frame-banner.ts), and React's first render draws it in the same place
 * rather than leave a gap for a render. (Only this read: a page's own reads are dropped when no one
 * watches them, gcTime 0, and one started before the page watches it could be dropped under it.)
 */
function earlyAnswer(): LoanState | undefined {
  // Nothing started (and no local storage) where the build draws a page's frame.
  if (!globalThis.__lenderFirstReads?.has('getLoanState')) return undefined;
  const answer = takeFirstAnswer('getLoanState', getItem('token'));
  if (!answer) return undefined;
  readOn = currentArrival();
  return answer.object as LoanState;
}
