import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { EsignService } from './esign-service';
import { RegisterMessage } from './register-messages';

/** Register/GetEsign: the three agreements, priced for today, as the e-sign page shows them. */
export const getEsign = (esign: EsignService) =>
  implementCall('getEsign', async ({ query }) => {
    const documents = await esign.documents(query.guid);
    return documents ? ok(documents) : fail(ErrorId.esignClosed, RegisterMessage.esignClosed);
  });
