import type { AccountDetails } from '@lender/contract/calls/account';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { TEST_MODE } from '../../lib/test-mode';
import { PREVIEW_DETAILS } from './preview-details';

export const accountDetailsKey = ['account-details'] as const;

export const getAccountDetails = () => callApi('getAccountDetails', undefined);

/**
 * The signed-in customer's details, shared by every page of the account area: asked for once when the
 * area opens and held while it stays open (staleTime Infinity); dropped as soon as the area is left
 * (gcTime 0), so the next visit reads them fresh and another person signing in on this browser never
 * sees them. Preview mode asks nothing and shows sample details.
 */
export const useAccountDetails = () =>
  useQuery({
    queryKey: accountDetailsKey,
    queryFn: getAccountDetails,
    enabled: !TEST_MODE,
    ...(TEST_MODE ? { initialData: PREVIEW_DETAILS } : {}),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Changes the locally held details after a change the server accepted (spec section 4). */
export function updateAccountDetails(
  client: QueryClient,
  change: (details: AccountDetails) => AccountDetails,
) {
  client.setQueryData<AccountDetails>(accountDetailsKey, (details) => details && change(details));
}

/** The details in a page of the account area, which its layout renders only once they are in. */
export function useHeldDetails(): AccountDetails {
  const { data } = useAccountDetails();
  if (!data) throw new Error('Account pages render inside the account layout, after the details load.');
  return data;
}
