import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { BorrowingService } from './borrowing-service';

/** MyAccountArea/GetTotalDue: what settles the session customer's loan on the business date, in pounds. */
export const getTotalDue = (borrowing: BorrowingService) =>
  implementCall('getTotalDue', async ({ principal }) => ok(await borrowing.totalDue(principal.customerId)));
