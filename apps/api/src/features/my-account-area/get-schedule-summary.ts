import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { BorrowingService } from './borrowing-service';

/** MyAccountArea/GetScheduleSummary: the session customer's latest loan, its schedule and transactions. */
export const getScheduleSummary = (borrowing: BorrowingService) =>
  implementCall('getScheduleSummary', async ({ principal }) =>
    ok(await borrowing.schedule(principal.customerId)),
  );
