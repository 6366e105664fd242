import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** MyAccountArea/SobLink: a single-use DownloadSOB address, so the bearer token never goes in a URL. */
export const getSobLink = () => callApi('sobLink', undefined, { loaderMessage: 'Preparing your summary.' });

/** Asks for a fresh link on each press: a link works once and only for a few minutes. */
export const useSobLink = () => useMutation({ mutationFn: getSobLink });
