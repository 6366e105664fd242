import type { Db } from '../../db/create-db';
import type { ImplementedCall } from '../../plugins/calls';
import { borrowingService } from './borrowing-service';
import { downloadSob } from './download-sob';
import { getBorrowingSummary } from './get-borrowing-summary';
import { getScheduleSummary } from './get-schedule-summary';
import { getTotalDue } from './get-total-due';
import { sobLink } from './sob-link';
import { sobLinks } from './sob-links';

/** The account area's summaries of the loans and the summary of borrowing's download. */
export function myAccountAreaCalls(db: Db): ImplementedCall[] {
  const borrowing = borrowingService(db);
  const links = sobLinks(db);
  return [
    getBorrowingSummary(borrowing),
    getScheduleSummary(borrowing),
    getTotalDue(borrowing),
    sobLink(links),
    downloadSob(db, links),
  ];
}
