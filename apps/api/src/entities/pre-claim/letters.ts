import { BRAND } from '@lender/contract/brand';
import { PRE_CLAIM_REPLY_DAYS } from '@lender/contract/calls/pre-claim';
import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { letterOfClaim, type StatementLine } from '../../documents/pre-claim-documents';
import { renderStatementPdf } from '../../documents/render-pdf';
import { nowIso } from '../../lib/clock';
import { customerEmail, FREE_DEBT_ADVICE } from '../../lib/customer-email';
import { documentStoreFor, trackedStore } from '../../lib/document-store';
import { isUniqueViolation } from '../../db/unique-violation';
import { documentRepository } from '../documents/document-repository';
import { positionOf } from '../loans/ledger';
import { loanRepository, type LoanBook } from '../loans/loan-repository';
import { inMoratorium } from '../loans/moratorium';
import { breathingSpaceRepository } from '../loans/breathing-space-repository';
import { transactionLines } from '../loans/transaction-lines';
import type { Actor } from '../audit/actor';

/** The statement of account: each line of the ledger in the customer's words, with the balance after it. */
export function statementOfAccount(book: LoanBook): StatementLine[] {
  let balance = 0;
  return transactionLines(book)
    .filter((l) => l.debitPence > 0 || l.creditPence > 0)
    .map((l) => {
      balance += l.debitPence - l.creditPence;
      return {
        date: l.createDate,
        description: l.transactionType,
        addedPence: l.debitPence,
        paidPence: l.creditPence,
        balancePence: balance,
      };
    });
}

/** The letters of an account: the one in progress (open or replied), else none. */
export const letterInProgress = (db: DbExecutor, customerId: number) =>
  db
    .selectFrom('pre_claim_letters')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('state', '<>', 'closed')
    .executeTakeFirst();

export type IssueOutcome =
  | { issued: true; letterId: number; documentId: number; replyBy: IsoDate; amountPence: number }
  | { issued: false; reason: string };

/**
 * Issues the Letter of Claim of an application's loan (docs/decisions/029), dated by the business date,
 * every figure from the ledger: the PDF (letter, statement of account, Information Sheet) is kept as a
 * document and the customer is e-mailed that it is in their account. One letter in progress per account:
 * asked again (a close of business run twice, staff flagging twice) it issues nothing. `firstOnly`: not
 * when this loan ever had a letter (the close of business; staff may issue a new one after closing one).
 */
export async function issueLetterOfClaim(
  ctx: AppContext,
  applicationId: number,
  /** Who issues it: staff flagging the account, or the close of business on a default. */
  actor: Actor,
  { firstOnly = false }: { firstOnly?: boolean } = {},
): Promise<IssueOutcome> {
  const today = ctx.businessDate.today();
  const app = await ctx.db
    .selectFrom('applications')
    .innerJoin('customers', 'customers.id', 'applications.customer_id')
    .select([
      'applications.customer_id',
      'applications.status_id',
      'customers.first_name',
      'customers.last_name',
      'customers.email',
      'customers.address_str',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!app) return { issued: false, reason: 'There is no such application.' };
  const book = (await loanRepository(ctx.db).books([applicationId])).get(applicationId);
  if (!book?.loan.funded_on) return { issued: false, reason: 'The loan was never paid out.' };
  if (await letterInProgress(ctx.db, app.customer_id)) {
    return { issued: false, reason: 'A Letter of Claim is already in progress on this account.' };
  }
  if (firstOnly) {
    const earlier = await ctx.db
      .selectFrom('pre_claim_letters')
      .select('id')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (earlier) return { issued: false, reason: 'This loan has had a Letter of Claim.' };
  }
  const spaces = await breathingSpaceRepository(ctx.db).of(applicationId);
  if (inMoratorium(spaces, today)) {
    // The Debt Respite Scheme forbids any step to enforce the debt while it lasts (reg. 7).
    return { issued: false, reason: 'The loan is in a Breathing Space: no enforcement step may be taken.' };
  }
  const position = positionOf(book.terms, book.rows);
  if (position.totalDuePence <= 0) return { issued: false, reason: 'Nothing is owed on this loan.' };

  // A defaulted loan's interest is frozen (decision 023); otherwise it runs at the loan's own rate.
  const interestContinues = app.status_id !== AppStatus.defaulted;
  const dailyInterestPence = interestContinues
    ? Math.floor(position.principalPence * book.terms.dailyRate)
    : 0;
  const replyBy = addDays(today, PRE_CLAIM_REPLY_DAYS);
  const borrower = `${app.first_name} ${app.last_name}`;
  const pdf = await renderStatementPdf(
    letterOfClaim({
      borrower,
      borrowerAddress: app.address_str,
      agreementNumber: applicationId,
      agreementDate: book.loan.priced_on,
      amountBorrowedPence: book.loan.principal_pence,
      issuedOn: today,
      replyBy,
      amountPence: position.totalDuePence,
      interestContinues,
      dailyInterestPence,
      statement: statementOfAccount(book),
    }),
    {
      headerRight: `Letter of Claim, agreement ${applicationId}`,
      subject: 'Letter of Claim (Pre-Action Protocol for Debt Claims)',
      madeAt: new Date(),
    },
  );
  const { store, forget } = trackedStore(documentStoreFor(ctx.config));
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const documentId = await documentRepository(trx).storeLetter(
        store,
        {
          customerId: app.customer_id,
          applicationId,
          title: `Letter of Claim, ${formatDisplayDate(today)}`,
          reference: null,
          on: today,
        },
        pdf,
      );
      const letter = await trx
        .insertInto('pre_claim_letters')
        .values({
          customer_id: app.customer_id,
          application_id: applicationId,
          issued_on: today,
          reply_by: replyBy,
          amount_pence: position.totalDuePence,
          interest_continues: interestContinues ? 1 : 0,
          daily_interest_pence: dailyInterestPence,
          document_id: documentId,
          state: 'open',
          closed_on: null,
          closed_reason: null,
          created_at: nowIso(),
          issued_by: actor,
          closed_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.outbox.enqueue(trx, {
        channel: 'email',
        to: app.email,
        ...customerEmail({
          subject: `Letter of Claim: your ${BRAND.name} loan ${applicationId}`,
          firstName: app.first_name,
          paragraphs: [
            {
              strong: 'We are considering court action to recover what you owe. Please reply within 30 days.',
            },
            `You owe ${formatPence(position.totalDuePence)} under your loan agreement ${applicationId}. Our Letter of Claim, dated ${formatDisplayDate(today)}, with a statement of your account and an information sheet, is in the Pre Claim area of your account.`,
            `Please reply by ${formatDisplayDate(replyBy)}, online in your account or by calling us. Tell us if you can pay by instalments, if you do not agree you owe the amount, or if you are getting debt advice: we will then wait at least 30 more days.`,
            {
              text: 'Read the letter and reply',
              href: new URL('/pre-claim', ctx.config.PUBLIC_URL).toString(),
            },
            ...FREE_DEBT_ADVICE,
          ],
        }),
      });
      return {
        issued: true as const,
        letterId: letter.id,
        documentId,
        replyBy,
        amountPence: position.totalDuePence,
      };
    });
  } catch (err) {
    await forget();
    // Another request issued the account's letter at the same moment (one in progress, by index).
    if (isUniqueViolation(err)) {
      return { issued: false, reason: 'A Letter of Claim is already in progress on this account.' };
    }
    throw err;
  }
}
