import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService } from './esign-service';

/**
 * Register/CheckEmailVerification: the link in the e-sign e-mail. A used, replaced, expired or unknown
 * link is an outcome (verified false), not an error: the page offers a new one.
 */
export const checkEmailVerification = (esign: EsignService) =>
  implementCall('checkEmailVerification', async ({ query }) =>
    ok({ verified: await esign.verifyEmail(query.guid, query.verification) }),
  );
