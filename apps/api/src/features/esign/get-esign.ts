import { ok } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import { notOpen } from './esign-refusals';
import type { EsignService } from './esign-service';

/** Register/GetEsign: the three agreements, priced for today, for the holder of the signing link. */
export const getEsign = (esign: EsignService, security: SecurityEvents) =>
  implementCall('getEsign', async ({ query, principal, req }) => {
    const outcome = await esign.documents(query.guid, principal.token);
    return outcome.kind === 'open' ? ok(outcome.documents) : notOpen(outcome, security, req);
  });
