import { ok } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import { notOpen } from './esign-refusals';
import type { EsignService } from './esign-service';

/** Register/GetEmailVerificationLinkStatus: polled by the e-sign page until the e-mail link is clicked. */
export const getEmailVerificationLinkStatus = (esign: EsignService, security: SecurityEvents) =>
  implementCall('getEmailVerificationLinkStatus', async ({ query, principal, req }) => {
    const outcome = await esign.emailVerified(query.guid, principal.token);
    return outcome.kind === 'open' ? ok({ verified: outcome.verified }) : notOpen(outcome, security, req);
  });
