import type { ReturnTo } from './return-to';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** OpenBanking/GetVerification: whether the page needs the bank, and what a connection found. */
export const useBankVerification = (returnTo: ReturnTo, enabled = true) =>
  useQuery({
    queryKey: ['bank-verification', returnTo],
    enabled,
    queryFn: () => callApi('getBankVerification', { for: returnTo }),
  });

/** OpenBanking/GetBanks, asked for only once the applicant opens the choice. */
export const useBanks = (enabled: boolean) =>
  useQuery({
    queryKey: ['banks'],
    queryFn: () => callApi('getBanks', undefined),
    enabled,
    staleTime: 600_000,
  });

export const useStartConnection = () =>
  useMutation({
    mutationFn: (input: { bankId: string; returnTo: ReturnTo }) => callApi('startBankConnection', input),
  });

export const completeConnection = (input: { state: string; code?: string; error?: string }) =>
  callApi('completeBankConnection', input, { loaderMessage: 'Reading your bank account.' });

export const useBankConnections = () =>
  useQuery({ queryKey: ['bank-connections'], queryFn: () => callApi('getBankConnections', undefined) });

export const useRevokeConnection = () =>
  useMutation({
    mutationFn: (connectionGuid: string) => callApi('revokeBankConnection', { connectionGuid }),
  });
