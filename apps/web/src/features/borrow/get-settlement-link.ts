import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/**
 * MyAccountArea/SettlementLink (not in the spec, issue 27): a single-use DownloadSettlement address for the
 * settlement statement (Consumer Credit Act s97), so the bearer token never goes in a URL.
 */
export const getSettlementLink = () =>
  callApi('settlementLink', undefined, { loaderMessage: 'Preparing your settlement statement.' });

/** Asks for a fresh link on each press: a link works once and only for two minutes. */
export const useSettlementLink = () => useMutation({ mutationFn: getSettlementLink });
