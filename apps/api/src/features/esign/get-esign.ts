import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService } from './esign-service';

/** Register/GetEsign: the three agreements, priced for today, as the e-sign page shows them. */
export const getEsign = (esign: EsignService) =>
  implementCall('getEsign', async ({ query }) => {
    const documents = await esign.documents(query.guid);
    return documents ? ok(documents) : refuse(Refusal.esignClosed);
  });
