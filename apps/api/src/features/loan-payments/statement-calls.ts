import { callPath, calls } from '@lender/contract/api-calls';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { renderStatementPdf } from '../../documents/render-pdf';
import { loanRepository } from '../../entities/loans/loan-repository';
import { downloadLinks } from '../../entities/one-time-secrets/download-links';
import { implementCall } from '../../plugins/calls';
import { accountStatement } from './account-statement';

/**
 * MyAccountArea/StatementLink and DownloadStatement (issue 46 item 9): the statement of account of the
 * session customer's live loan (Consumer Credit Act s77B) as a PDF, through a single-use two-minute link
 * as the settlement statement's (never the bearer token in a URL). Free, and at any time: more than
 * s77B(6) asks (one a month).
 */
export function statementCalls(ctx: AppContext) {
  const links = downloadLinks(ctx.db, 'statement-download');
  const loans = loanRepository(ctx.db);

  return [
    implementCall('statementLink', async ({ principal }) => {
      if (!(await loans.liveOf(principal.customerId))) return refuse(Refusal.noLoanToPay);
      const token = await links.issue(principal.customerId);
      return ok({ url: `${callPath(calls.downloadStatement)}?token=${encodeURIComponent(token)}` });
    }),
    implementCall('downloadStatement', async ({ query, reply }) => {
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
      const pdf = await renderStatementPdf(
        accountStatement({ name, address: customer.address_str }, book, today),
        {
          headerRight: `Statement of account, ${today}`,
          subject: 'Statement of account (Consumer Credit Act 1974, section 77B)',
          madeAt: new Date(),
        },
      );
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="statement-of-account-${today}.pdf"`)
        .send(Buffer.from(pdf));
      return reply as never;
    }),
  ];
}
