import { refuse, Refusal } from '@lender/contract/envelope';
import { londonToday } from '@lender/contract/dates';
import type { Db } from '../../db/create-db';
import { renderStatementPdf } from '../../documents/render-pdf';
import { loanRepository } from '../../entities/loans/loan-repository';
import { implementCall } from '../../plugins/calls';
import { sobDocument } from './sob-document';
import type { SobLinks } from './sob-links';

/** The customer's summary of borrowing as of the business date, as a PDF (also a document of the account area). */
export async function summaryOfBorrowingPdf(db: Db, customerId: number): Promise<Uint8Array> {
  const customer = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const { loans } = await loanRepository(db).ofCustomer(customerId);
  const today = londonToday();
  const doc = sobDocument(
    `${customer.first_name} ${customer.last_name}`,
    loans.map((l) => l.book),
    today,
  );
  return renderStatementPdf(doc, {
    headerRight: `Summary of borrowing to ${today}`,
    subject: 'Summary of the cost of borrowing (CMA Payday Lending Order 2015, articles 12-13)',
    madeAt: new Date(),
  });
}

/**
 * MyAccountArea/DownloadSOB?token=: the summary of borrowing as a PDF, for the one customer the
 * single-use token was issued to (SobLink). A used, expired or unknown token gets the link refusal.
 */
export const downloadSob = (db: Db, links: SobLinks) =>
  implementCall('downloadSob', async ({ query, reply }) => {
    const customerId = await links.redeem(query.token);
    if (customerId === null) return refuse(Refusal.linkExpired);
    const today = londonToday();
    const pdf = await summaryOfBorrowingPdf(db, customerId);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="summary-of-borrowing-${today}.pdf"`)
      .send(Buffer.from(pdf));
    return reply as never;
  });
