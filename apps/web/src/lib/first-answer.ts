import type { CallName, CallResponse } from '@lender/contract/api-calls';
import type { Query, QueryKey } from '@tanstack/react-query';
import { getItem } from './session';
import { takeFirstAnswer } from './take-first-read';

/**
 * The `initialData` of a page's first read (lib/first-reads.ts): the answer the route shell's early script
 * already has when the page first renders, so the first render draws the figures rather than a skeleton,
 * a round of renders and task hops later (issue 50). Taken once: any later query of the same read (the
 * next arrival, a query made again after the page was left) asks the API itself.
 */
export const firstAnswer =
  <N extends CallName>(name: N) =>
  (): CallResponse<N> | undefined =>
    // Nothing started (and no local storage) where the build draws a page's frame.
    globalThis.__lenderFirstReads?.has(name)
      ? (takeFirstAnswer(name, getItem('token'))?.object as CallResponse<N> | undefined)
      : undefined;

const watched = new WeakSet<object>();

/**
 * The `refetchOnMount` of a read that is asked afresh on every arrival (staleTime 0) and may start from
 * `firstAnswer`: the answer the page arrived with is this arrival's read, so the page that first watches
 * it does not ask again; any later page that mounts on the same query (the payment page after the
 * schedule) reads afresh, as before. Asked once as that page renders (no one watching yet) and again as
 * it starts watching, which is when it counts. (React's development mode mounts twice, and asks again.)
 */
export const unlessArrivedWith = <T, K extends QueryKey>(query: Query<T, Error, T, K>): boolean => {
  if (query.state.dataUpdateCount > 0 || watched.has(query)) return true;
  if (query.getObserversCount() > 0) watched.add(query);
  return false;
};
