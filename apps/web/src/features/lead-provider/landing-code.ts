import type { VerifyLandingCode } from '@lender/contract/calls/lead-provider';
import { callApi } from '../../lib/api-client';

/** LeadProvider/SendLandingCode (issue 45): a code to the applicant's own mobile or e-mail. */
export const sendLandingCode = (guid: string, via: 'sms' | 'email') =>
  callApi('sendLandingCode', { guid, via }, { forceLoader: true, loaderMessage: 'Sending your code.' });

/** LeadProvider/VerifyLandingCode: the code entered; the landing is then this browser's. */
export const verifyLandingCode = (payload: VerifyLandingCode) => callApi('verifyLandingCode', payload);
