import { callPath, calls } from '@lender/contract/api-calls';
import type { IsoDate } from '@lender/contract/dates';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import type { AgreementDocument } from '../../documents/blocks';
import { renderStatementPdf } from '../../documents/render-pdf';
import { loanRepository, type LoanBook } from '../../entities/loans/loan-repository';
import { downloadLinks } from '../../entities/one-time-secrets/download-links';
import { implementCall } from '../../plugins/calls';

type Customer = { name: string; address: string };

type LiveLoanDocument = {
  /** The session call that issues the link, and the public one that redeems it (same schemas each). */
  link: 'settlementLink' | 'statementLink';
  download: 'downloadSettlement' | 'downloadStatement';
  /** The links' own kind: one document's link never opens another. */
  purpose: string;
  /** What the header, the PDF's subject and its file name call it. */
  title: string;
  subject: string;
  fileName: string;
  build: (customer: Customer, book: LoanBook, today: IsoDate) => AgreementDocument;
};

/**
 * A document of the session customer's live loan as a PDF, through a single-use two-minute link as the
 * summary of borrowing's (never the bearer token in a URL): the link call answers only the customer
 * whose session asks, for their own live loan; the download answers whoever holds the link, once.
 */
export function liveLoanDocumentCalls(ctx: AppContext, doc: LiveLoanDocument) {
  const links = downloadLinks(ctx.db, doc.purpose);
  const loans = loanRepository(ctx.db);

  return [
    implementCall(doc.link, async ({ principal }) => {
      if (!(await loans.liveOf(principal.customerId))) return refuse(Refusal.noLoanToPay);
      const token = await links.issue(principal.customerId);
      return ok({ url: `${callPath(calls[doc.download])}?token=${encodeURIComponent(token)}` });
    }),
    implementCall(doc.download, async ({ query, reply }) => {
      const customerId = await links.redeem(query.token);
      if (customerId === null) return refuse(Refusal.linkExpired);
      const book = await loans.liveOf(customerId);
      if (!book) return refuse(Refusal.noLoanToPay);
      const customer = await ctx.db
        .selectFrom('customers')
        .select(['first_name', 'last_name', 'address_str'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      const today = ctx.businessDate.today();
      const name = `${customer.first_name} ${customer.last_name}`;
      const pdf = await renderStatementPdf(doc.build({ name, address: customer.address_str }, book, today), {
        headerRight: `${doc.title}, ${today}`,
        subject: doc.subject,
        madeAt: new Date(),
      });
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${doc.fileName}-${today}.pdf"`)
        .send(Buffer.from(pdf));
      return reply as never;
    }),
  ];
}
