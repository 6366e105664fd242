import type { AppContext } from '../../app-context';
import { accountStatement } from './account-statement';
import { liveLoanDocumentCalls } from './live-loan-document-calls';
import { settlementStatement } from './settlement-statement';

/**
 * MyAccountArea/SettlementLink and DownloadSettlement (issue 27): the settlement statement (Consumer
 * Credit Act s97); StatementLink and DownloadStatement (issue 46 item 9): the statement of account on
 * request (s77B), free and at any time, more than s77B(6) asks (one a month).
 */
export const settlementCalls = (ctx: AppContext) => [
  ...liveLoanDocumentCalls(ctx, {
    link: 'settlementLink',
    download: 'downloadSettlement',
    purpose: 'settlement-download',
    title: 'Settlement statement',
    subject: 'Settlement statement (Consumer Credit Act 1974, section 97)',
    fileName: 'settlement-statement',
    build: (customer, book, today) => settlementStatement(customer.name, book, today),
  }),
  ...liveLoanDocumentCalls(ctx, {
    link: 'statementLink',
    download: 'downloadStatement',
    purpose: 'statement-download',
    title: 'Statement of account',
    subject: 'Statement of account (Consumer Credit Act 1974, section 77B)',
    fileName: 'statement-of-account',
    build: accountStatement,
  }),
];
