import {
  COMPLAINT_CATEGORY_NAMES,
  type complaintsReportSchema,
} from '@lender/contract/calls/staff-complaints';
import type { z } from 'zod';

type Report = z.output<typeof complaintsReportSchema>;

/** `ops complaints report`: the complaints return's counts for the period, then by category. */
export const complaintsReportLines = (r: Report) => [
  `Complaints from ${r.from} to ${r.to}:`,
  `  Opened: ${r.opened}`,
  `  Closed: ${r.closed}` +
    (r.upheldPercent === null ? '' : ` (${r.upheldPercent}% upheld or partly upheld)`),
  `  Closed within 3 business days: ${r.closedWithin3BusinessDays}`,
  `  Closed after 3 business days, within 8 weeks: ${r.closedWithin8Weeks}`,
  `  Closed after 8 weeks: ${r.closedAfter8Weeks}`,
  `  Open at the end of the period: ${r.openAtEnd}`,
  'By category (opened / closed / upheld):',
  ...r.byCategory.map(
    (c) => `  ${COMPLAINT_CATEGORY_NAMES[c.category]}: ${c.opened} / ${c.closed} / ${c.upheld}`,
  ),
];
