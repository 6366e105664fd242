import { formatDisplayDate, daysBetween, type IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { SYSTEM } from '../../entities/audit/actor';
import { documentRepository } from '../../entities/documents/document-repository';
import { legalRefusal, noticeRemedied, remedySumPence } from '../../entities/loans/enforcement-rules';
import { instalmentStates, type Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { defaultNoticeDue } from '../../entities/loans/servicing-rules';
import { issueLetterOfClaim } from '../../entities/pre-claim/letters';
import type { NonCompliance } from '../../entities/loans/statement-compliance';
import type { EntityStore } from '../../entities/unit-of-work';
import { defaultNotice } from '../../documents/default-notice';
import { renderStatementPdf } from '../../documents/render-pdf';
import { documentStoreFor, trackedStore } from '../../lib/document-store';
import { recordNotice } from './record-notice';
import { defaultNoticeEmail } from './servicing-emails';

/**
 * The s87 part of a closed day for a loan in arrears (decision 023, issue 46): the default notice, kept
 * as a PDF in the customer's documents and e-mailed; the notice lapsing once its sum is paid (s89); the
 * default once its remedy date passes unremedied; and the legal flag after a long default, only where
 * s87(1) allows it (entities/loans/enforcement-rules.ts, the rule staff's `ops legal` obeys too).
 */
export function defaultNoticeStep(ctx: AppContext, store: EntityStore) {
  const { config } = ctx;

  /** The notice as a PDF, every figure from the ledger on the day it is given. */
  async function noticePdf(
    book: LoanBook,
    now: Position,
    date: IsoDate,
    remedyBy: IsoDate,
    sumPence: number,
  ) {
    const c = await ctx.db
      .selectFrom('customers')
      .select(['first_name', 'last_name', 'address_str'])
      .where('id', '=', book.loan.customer_id)
      .executeTakeFirstOrThrow();
    const overdue = instalmentStates(book.terms, now)
      .filter((i) => i.dueDate <= date && i.duePence > 0)
      .map((i) => ({ dueDate: i.dueDate, unpaidPence: i.duePence }));
    return renderStatementPdf(
      defaultNotice({
        borrower: `${c.first_name} ${c.last_name}`,
        borrowerAddress: c.address_str ?? '',
        agreementNumber: book.loan.application_id,
        agreementDate: book.loan.priced_on,
        givenOn: date,
        remedyBy,
        overdue,
        remedySumPence: sumPence,
        feeDuePence: now.feesDuePence,
        balancePence: now.totalDuePence,
      }),
      {
        headerRight: `Default notice, agreement ${book.loan.application_id}`,
        subject: 'Default notice (Consumer Credit Act 1974, section 87(1))',
        madeAt: new Date(),
      },
    );
  }

  return async function defaultsFor(
    book: LoanBook,
    statusId: number,
    date: IsoDate,
    now: Position,
    arrearsPence: number,
    lateStatement: NonCompliance | null,
  ) {
    const { loan, terms } = book;
    const app = { id: loan.application_id, customerId: loan.customer_id };

    if (statusId === AppStatus.defaulted) {
      const lawful = !legalRefusal(
        {
          statusId,
          defaultNoticeOn: loan.default_notice_on,
          remedyBy: loan.remedy_by,
          defaultedOn: loan.defaulted_on,
          lateStatement,
        },
        date,
      );
      if (lawful && loan.defaulted_on && daysBetween(loan.defaulted_on, date) >= config.LEGAL_AFTER_DAYS) {
        // Once per loan: after its first Letter of Claim the account is the staff's to flag or unflag
        // (`ops legal`), so a flag staff removed is not put back here the next day.
        const hadLetter = await ctx.db
          .selectFrom('pre_claim_letters')
          .select('id')
          .where('application_id', '=', loan.application_id)
          .executeTakeFirst();
        if (!hadLetter) {
          await ctx.db
            .updateTable('customers')
            .set({ is_legal: 1 })
            .where('id', '=', loan.customer_id)
            .execute();
          // The Letter of Claim comes with the flag (Pre-Action Protocol for Debt Claims); a day whose
          // letter could not be issued (a Breathing Space, a crash) tries again the next day.
          await issueLetterOfClaim(ctx, loan.application_id, SYSTEM.closeOfBusiness, { firstOnly: true });
        }
      }
      return;
    }

    if (loan.default_notice_on && loan.remedy_by) {
      const notice = {
        noticeOn: loan.default_notice_on,
        remedyBy: loan.remedy_by,
        sumPence: loan.remedy_sum_pence,
      };
      if (arrearsPence === 0 || noticeRemedied(terms, book.rows, notice, date).remedied) {
        // s89: the notice's breach was remedied (its sum paid by its date, or nothing overdue): it lapses,
        // and a later breach needs a notice of its own.
        await store.loans.update(app.id, {
          default_notice_on: null,
          remedy_by: null,
          remedy_sum_pence: null,
        });
      } else if (date > loan.remedy_by && !lateStatement) {
        // Defaulting demands the whole balance: enforcement, which waits out a late annual statement
        // (s77A(6)(a)); the notice stands and the loan is defaulted the first day after it is given.
        await transition(
          store,
          app,
          ApplicationStep.default,
          {
            kind: 'defaulted',
            reason: `default notice not remedied by ${loan.remedy_by}`,
            actor: SYSTEM.closeOfBusiness,
          },
          ({ loans }) => loans.update(app.id, { defaulted_on: date }),
        );
      }
      return;
    }

    const due = defaultNoticeDue(terms, now, date, {
      noticeAfterDays: config.DEFAULT_NOTICE_AFTER_DAYS,
      remedyDays: config.DEFAULT_REMEDY_DAYS,
    });
    if (!due) return;
    const sumPence = remedySumPence(terms, now, date);
    const reference = `s87:${app.id}:${date}`;
    const [c, pdf] = await Promise.all([
      ctx.db
        .selectFrom('customers')
        .select(['email', 'first_name'])
        .where('id', '=', loan.customer_id)
        .executeTakeFirstOrThrow(),
      noticePdf(book, now, date, due.remedyBy, sumPence),
    ]);
    const files = trackedStore(documentStoreFor(config));
    try {
      await store.transaction(async ({ loans, outbox }, trx) => {
        if (!(await recordNotice(trx, app.id, 's87', date, reference))) return;
        await loans.update(app.id, {
          default_notice_on: date,
          remedy_by: due.remedyBy,
          remedy_sum_pence: sumPence,
        });
        await documentRepository(trx).storeLetter(
          files.store,
          {
            customerId: loan.customer_id,
            applicationId: app.id,
            title: `Default notice, ${formatDisplayDate(date)}`,
            reference,
            on: date,
          },
          pdf,
        );
        await outbox.enqueue({
          channel: 'email',
          to: c.email,
          ...defaultNoticeEmail({
            firstName: c.first_name,
            publicUrl: config.PUBLIC_URL,
            agreementNumber: app.id,
            remedySumPence: sumPence,
            remedyBy: due.remedyBy,
            today: date,
          }),
        });
      });
    } catch (err) {
      await files.forget();
      throw err;
    }
  };
}
