import { ok } from '@lender/contract/envelope';
import { penceToPounds } from '@lender/contract/money';
import { implementCall } from '../../plugins/calls';
import type { QuoteService } from './quote-service';

/** Register/GetApplicationStatus: where the applicant's newest application stands (none: status 0, ended). */
export const getApplicationStatus = (quotes: QuoteService) =>
  implementCall('getApplicationStatus', async ({ principal }) => {
    const application = await quotes.status(principal.customerId);
    return ok(
      application
        ? {
            appStatusID: application.statusId,
            appGuid: application.guid,
            isEnd: application.isEnd,
            netMonthlyIncome: penceToPounds(application.netMonthlyIncomePence),
          }
        : { appStatusID: 0, appGuid: null, isEnd: true, netMonthlyIncome: null },
    );
  });
