import { BRAND } from '@lender/contract/brand';
import { OUTGOING_KEYS, type PreClaim, type PreClaimReply } from '@lender/contract/calls/pre-claim';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/envelope';
import { penceToPounds, poundsToPence } from '@lender/contract/money';
import type { AppContext } from '../../app-context';
import { documentRepository } from '../../entities/documents/document-repository';
import { noClaimBefore as claimDay } from '../../entities/pre-claim/claim-dates';
import { loanRepository } from '../../entities/loans/loan-repository';
import { statementOfAccount } from '../../entities/pre-claim/letters';
import {
  financialStatementDocument,
  REPLY_ADDRESS,
  replyFormDocument,
} from '../../documents/pre-claim-documents';
import { renderStatementPdf } from '../../documents/render-pdf';
import { nowIso } from '../../lib/clock';
import { documentStoreFor, trackedStore } from '../../lib/document-store';
import { isUniqueViolation } from '../../db/unique-violation';

const pounds = penceToPounds;

export type ReplyOutcome =
  { ok: true; documentSourceID: number; noClaimBefore: IsoDate } | { ok: false; refusal: Refusal };

/**
 * The pre-claim area of an account flagged legal (docs/decisions/029): the Letter of Claim and its
 * statement of account, and the customer's Reply Form and Financial Statement, each kept as a PDF. A
 * reply pauses the account's legal steps until staff act on it (`npm run ops -- legal`).
 */
export function preClaimService(ctx: AppContext) {
  const { db } = ctx;
  const documents = documentStoreFor(ctx.config);

  const isLegal = async (customerId: number) =>
    (
      await db
        .selectFrom('customers')
        .select('is_legal')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).is_legal === 1;

  /** The account's latest letter (in progress or not), with its reply. */
  const latestLetter = (customerId: number) =>
    db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();

  /** Stage 3's income and outgoings of the customer's latest application that had them, in pounds. */
  async function applicationFigures(customerId: number): Promise<PreClaim['applicationFigures']> {
    const app = await db
      .selectFrom('application_affordability')
      .innerJoin('applications', 'applications.id', 'application_affordability.application_id')
      .select([
        'applications.id',
        'applications.num_dependents',
        'application_affordability.net_income_pence',
      ])
      .where('applications.customer_id', '=', customerId)
      .orderBy('applications.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!app) return null;
    const expenses = await db
      .selectFrom('application_expenses')
      .select(['category', 'monthly_pence'])
      .where('application_id', '=', app.id)
      .execute();
    const byCategory = new Map(expenses.map((e) => [e.category, e.monthly_pence]));
    return {
      dependants: app.num_dependents,
      income: { wages: pounds(app.net_income_pence) },
      outgoings: Object.fromEntries(OUTGOING_KEYS.map((k) => [k, pounds(byCategory.get(k) ?? 0)])),
    };
  }

  return {
    isLegal,

    async get(customerId: number): Promise<PreClaim | null> {
      if (!(await isLegal(customerId))) return null;
      const letter = await latestLetter(customerId);
      const figures = await applicationFigures(customerId);
      if (!letter) return { letter: null, statement: [], reply: null, applicationFigures: figures };
      const [customer, book, reply] = await Promise.all([
        db
          .selectFrom('customers')
          .select(['first_name', 'last_name'])
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow(),
        loanRepository(db)
          .books([letter.application_id])
          .then((m) => m.get(letter.application_id)!),
        db.selectFrom('pre_claim_replies').selectAll().where('letter_id', '=', letter.id).executeTakeFirst(),
      ]);
      const { repaymentAccount: account } = BRAND;
      return {
        letter: {
          documentSourceID: letter.document_id,
          issuedOn: letter.issued_on,
          replyBy: letter.reply_by,
          amountOwed: pounds(letter.amount_pence),
          interestContinues: letter.interest_continues === 1,
          dailyInterest: pounds(letter.daily_interest_pence),
          agreementNumber: letter.application_id,
          agreementDate: book.loan.priced_on,
          amountBorrowed: pounds(book.loan.principal_pence),
          lender: `${BRAND.legalName}, trading as ${BRAND.name}`,
          borrower: `${customer.first_name} ${customer.last_name}`,
          payTo: {
            accountName: account.accountName,
            sortCode: account.sortCode,
            accountNumber: account.accountNumber,
            reference: String(letter.application_id),
          },
          replyAddress: REPLY_ADDRESS,
          replyEmail: BRAND.supportEmail,
          phone: BRAND.supportPhone,
        },
        // Today's ledger: what has been paid since the letter shows.
        statement: statementOfAccount(book).map((l) => ({
          date: l.date,
          description: l.description,
          added: pounds(l.addedPence),
          paid: pounds(l.paidPence),
          balance: pounds(l.balancePence),
        })),
        reply: reply
          ? {
              submittedOn: reply.submitted_on,
              documentSourceID: reply.document_id,
              seekingAdvice: reply.seeking_advice === 1,
              noClaimBefore: reply.no_claim_before,
            }
          : null,
        applicationFigures: figures,
      };
    },

    /**
     * The Reply Form (and Financial Statement): each rendered as a PDF and kept as a document, the
     * answers staff act on stored, the letter marked replied (legal steps paused), in one transaction.
     */
    async reply(customerId: number, r: PreClaimReply): Promise<ReplyOutcome> {
      if (!(await isLegal(customerId))) return { ok: false, refusal: Refusal.preClaimClosed };
      const letter = await latestLetter(customerId);
      if (!letter || letter.state === 'closed') return { ok: false, refusal: Refusal.noLetterToReply };
      if (letter.state === 'replied') return { ok: false, refusal: Refusal.replyAlreadySent };
      const today = ctx.businessDate.today();
      // 30 days from the letter; when getting debt advice, 30 more from the reply; when asking for
      // documents, 30 from when they are sent, so at least 30 from today (entities/pre-claim/claim-dates.ts).
      const noClaimBefore = claimDay({
        replyBy: letter.reply_by,
        repliedOn: today,
        seekingAdvice: r.seekingAdvice,
        wantsDocuments: r.wantsDocuments,
        documentsSentOn: null,
      });
      const customer = await db
        .selectFrom('customers')
        .select(['first_name', 'last_name'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      const borrower = `${customer.first_name} ${customer.last_name}`;
      const uploads = (await documentRepository(db).listOf(customerId)).filter((d) => d.kind === 'upload');
      const facts = { borrower, agreementNumber: letter.application_id, submittedOn: today };
      const madeAt = new Date();
      const replyPdf = await renderStatementPdf(
        replyFormDocument(
          { ...facts, letterDate: letter.issued_on },
          r,
          uploads.map((u) => `${u.title}, uploaded ${formatDisplayDate(u.created_on)}`),
        ),
        { headerRight: `Reply Form, agreement ${letter.application_id}`, subject: 'Reply Form', madeAt },
      );
      const statementPdf = r.financialStatement
        ? await renderStatementPdf(financialStatementDocument(facts, r.financialStatement), {
            headerRight: `Financial Statement, agreement ${letter.application_id}`,
            subject: 'Financial Statement',
            madeAt,
          })
        : null;
      const { store, forget } = trackedStore(documents);
      try {
        return await db.transaction().execute(async (trx) => {
          const docs = documentRepository(trx);
          const common = {
            customer_id: customerId,
            kind: 'reply' as const,
            category_id: null,
            application_id: letter.application_id,
            reference: null,
            content_type: 'application/pdf',
            created_on: today,
          };
          const replyId = await docs.storeFile(store, { ...common, title: 'Reply Form' }, replyPdf);
          const statementId = statementPdf
            ? await docs.storeFile(store, { ...common, title: 'Financial Statement' }, statementPdf)
            : null;
          await trx
            .insertInto('pre_claim_replies')
            .values({
              letter_id: letter.id,
              customer_id: customerId,
              submitted_on: today,
              owes: r.owes,
              part_amount_pence: r.partAmount ? poundsToPence(r.partAmount) : null,
              wants_documents: r.wantsDocuments ? 1 : 0,
              proposes_instalments: r.proposesInstalments ? 1 : 0,
              instalment_pence: r.instalmentAmount ? poundsToPence(r.instalmentAmount) : null,
              seeking_advice: r.seekingAdvice ? 1 : 0,
              no_claim_before: noClaimBefore,
              documents_sent_on: null,
              document_id: replyId,
              statement_document_id: statementId,
              created_at: nowIso(),
            })
            .execute();
          await trx
            .updateTable('pre_claim_letters')
            .set({ state: 'replied' })
            .where('id', '=', letter.id)
            .execute();
          return { ok: true as const, documentSourceID: replyId, noClaimBefore };
        });
      } catch (err) {
        await forget();
        // The same reply sent twice at once: the first one stands.
        if (isUniqueViolation(err)) return { ok: false, refusal: Refusal.replyAlreadySent };
        throw err;
      }
    },
  };
}

export type PreClaimService = ReturnType<typeof preClaimService>;
