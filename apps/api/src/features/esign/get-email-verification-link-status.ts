import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService } from './esign-service';

/** Register/GetEmailVerificationLinkStatus: polled by the e-sign page until the e-mail link is clicked. */
export const getEmailVerificationLinkStatus = (esign: EsignService) =>
  implementCall('getEmailVerificationLinkStatus', async ({ query }) => {
    const verified = await esign.emailVerified(query.guid);
    return verified === null ? refuse(Refusal.esignClosed) : ok({ verified });
  });
