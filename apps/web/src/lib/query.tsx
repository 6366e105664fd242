import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSessionEnded } from './session';

/**
 * Server state for the pages that fetch. The provider lives here rather than at the root so the
 * first page a visitor sees does not download the query library; every page shares one client.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Nothing read for one person outlives their session: the next to sign in on this browser would see it
// (a documents list fresh for 30 s, where the loan stands until their own read came back).
onSessionEnded(() => queryClient.clear());

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
