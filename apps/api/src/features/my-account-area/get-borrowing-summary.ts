import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { BorrowingService } from './borrowing-service';

/** MyAccountArea/GetBorrowingSummary: the session customer's status and borrowing, from the ledger. */
export const getBorrowingSummary = (borrowing: BorrowingService) =>
  implementCall('getBorrowingSummary', async ({ principal }) =>
    ok(await borrowing.summary(principal.customerId)),
  );
