import { callPath, calls } from '@lender/contract/api-calls';
import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { renderStatementPdf } from '../../documents/render-pdf';
import { loanRepository } from '../../entities/loans/loan-repository';
import { downloadLinks } from '../../entities/one-time-secrets/download-links';
import { implementCall } from '../../plugins/calls';
import { settlementStatement } from './settlement-statement';

/**
 * MyAccountArea/SettlementLink and DownloadSettlement (issue 27): the settlement statement of the
 * session customer's live loan as a PDF, through a single-use two-minute link as the summary of
 * borrowing's (never the bearer token in a URL).
 */
export function settlementCalls(ctx: AppContext) {
  const links = downloadLinks(ctx.db, 'settlement-download');
  const loans = loanRepository(ctx.db);

  return [
    implementCall('settlementLink', async ({ principal }) => {
      if (!(await loans.liveOf(principal.customerId))) return refuse(Refusal.noLoanToPay);
      const token = await links.issue(principal.customerId);
      return ok({ url: `${callPath(calls.downloadSettlement)}?token=${encodeURIComponent(token)}` });
    }),
    implementCall('downloadSettlement', async ({ query, reply }) => {
      const customerId = await links.redeem(query.token);
      if (customerId === null) return refuse(Refusal.linkExpired);
      const book = await loans.liveOf(customerId);
      if (!book) return refuse(Refusal.noLoanToPay);
      const customer = await ctx.db
        .selectFrom('customers')
        .select(['first_name', 'last_name'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      const today = ctx.businessDate.today();
      const pdf = await renderStatementPdf(
        settlementStatement(`${customer.first_name} ${customer.last_name}`, book, today),
        {
          headerRight: `Settlement statement, ${today}`,
          subject: 'Settlement statement (Consumer Credit Act 1974, section 97)',
          madeAt: new Date(),
        },
      );
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="settlement-statement-${today}.pdf"`)
        .send(Buffer.from(pdf));
      return reply as never;
    }),
  ];
}
