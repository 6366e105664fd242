import type { BorrowingSummary, ScheduleSummary } from '@lender/contract/calls/my-account-area';
import { londonToday, type IsoDate } from '@lender/contract/dates';
import { penceToPounds } from '@lender/contract/money';
import { statusText } from '@lender/contract/status-text';
import type { Db } from '../../db/create-db';
import { loanRepository, type LoanBook } from '../../entities/loans/loan-repository';
import type { LoanFactsRow } from '../../entities/loans/loan-facts-query';
import { factsOfRow, loanStateOf } from '../../entities/loans/loan-state';
import { nextInstalmentOf } from '../../entities/loans/next-instalment';
import { planRules, planWithoutCardStands } from '../../entities/loans/plan-rules';
import { mayApplyAgain } from '../../entities/loans/repeat-eligibility';
import { namedFiguresOf } from '../../entities/loans/named-figures';
import { transactionLines } from '../../entities/loans/transaction-lines';
import {
  bookPosition,
  loanDays,
  loanFigures,
  loanType,
  scheduleRows,
  signedSchedule,
  withinYear,
  type LoanFigures,
} from './loan-views';

const pounds = penceToPounds;

/** The next instalment as GetScheduleSummary answers it (issue 45). */
function nextInstalmentView(book: LoanBook, date: IsoDate, position: ReturnType<typeof bookPosition>) {
  const next = nextInstalmentOf(book, date, position);
  return next && { date: next.dueDate, amount: pounds(next.duePence), collectOn: next.collectOn };
}

/** sobRep4: the latest loan paid out, with its figures from the ledger. */
function latestLoan(book: LoanBook, f: LoanFigures) {
  return {
    appID: book.loan.application_id,
    fundedDate: book.loan.funded_on!,
    approvedPeriod: signedSchedule(book).length,
    days: loanDays(book),
    loanType: loanType(book),
    amount: pounds(f.amountPence),
    contractInterest: pounds(f.contractInterestPence),
    actualInterest: pounds(f.actualInterestPence),
    defaultInterest: pounds(f.defaultInterestPence),
    charge: pounds(f.chargePence),
    borrowingCost: pounds(f.borrowingCostPence),
    totalDue: pounds(f.totalDuePence),
  };
}

/**
 * The borrow area's reads (GetBorrowingSummary, GetScheduleSummary, GetTotalDue), always of one
 * customer: the session's. Every figure comes from the ledger through loan-views.ts.
 */
export function borrowingService(db: Db, today: () => IsoDate = londonToday) {
  const loans = loanRepository(db);
  /**
   * The loan's state (GetLoanState's, the same on every page), and the status's name and words from it
   * when `applicationId` is the customer's latest loan paid out (otherwise the application's status says).
   * Its facts come with the customer's loans, in the same statement (`ofCustomer`'s `factsOn`).
   */
  function loanStateFor(row: LoanFactsRow | undefined, applicationId: number | undefined) {
    const facts = factsOfRow(row);
    const state = loanStateOf(facts);
    const ofThisLoan =
      state.state !== 'none' && applicationId !== undefined && facts.loan?.applicationId === applicationId;
    return { facts, words: ofThisLoan ? { name: state.statusName, message: state.statusLine } : undefined };
  }

  return {
    async summary(customerId: number): Promise<BorrowingSummary> {
      const date = today();
      const { newest: app, loans: customerLoans, facts } = await loans.ofCustomer(customerId, date);
      const all = customerLoans.map((l) => l.book);
      const statusId = app?.statusId ?? 0;
      // The newest application's status, said as the loan's state once that application is the loan.
      const loanState = loanStateFor(facts, app?.id);
      const text = loanState.words ?? statusText(statusId);
      const funded = all.filter((b) => b.loan.funded_on !== null);
      const lastFunded = funded[0];
      const year = funded.filter((b) => withinYear(b.loan.funded_on, date));
      // Each book's ledger folded, and its figures made, once: the latest loan is in the year's figures,
      // its schedule and sobRep4.
      const positions = new Map<LoanBook, ReturnType<typeof bookPosition>>();
      const positionOfBook = (b: LoanBook) => {
        let p = positions.get(b);
        if (!p) positions.set(b, (p = bookPosition(b)));
        return p;
      };
      const figuresByBook = new Map<LoanBook, LoanFigures>();
      const figuresOf = (b: LoanBook) => {
        let f = figuresByBook.get(b);
        if (!f) figuresByBook.set(b, (f = loanFigures(b, positionOfBook(b), date)));
        return f;
      };
      const figures = year.map(figuresOf);
      const sum = (pick: (f: (typeof figures)[number]) => number) =>
        pounds(figures.reduce((s, f) => s + pick(f), 0));

      const live = lastFunded && !lastFunded.loan.settled_on ? lastFunded : undefined;
      // Numbered within the current schedule: a rescheduled loan's plan is 'Instalment 1 of 3' again.
      const plan = live?.terms.instalments.map((i) => i.seq) ?? [];
      // After notice of withdrawal the instalments no longer apply (s66A(7)): one repayment, by its date.
      const withdrawal =
        live && loanState.facts.loan?.applicationId === live.loan.application_id
          ? loanState.facts.withdrawal
          : null;
      const due = withdrawal
        ? [
            {
              date: withdrawal.repayBy,
              description: 'To repay after your withdrawal',
              // What clears the loan today, as the page names it elsewhere (docs/decisions/053).
              amount: pounds(figuresOf(live!).totalDuePence),
            },
          ]
        : live
          ? scheduleRows(live, positionOfBook(live))
              .filter((r) => !r.isPayed)
              .map((r) => ({
                date: r.paymentDate,
                description: `Instalment ${plan.indexOf(r.seq) + 1} of ${plan.length}${r.paymentDate < date ? ' (overdue)' : ''}`,
                amount: pounds(r.duePence),
              }))
          : [];
      const made = year
        .flatMap((b) =>
          transactionLines(b).filter((t) => t.creditPence > 0 && withinYear(t.createDate, date)),
        )
        .sort((a, b) => (a.createDate < b.createDate ? 1 : -1))
        .map((t) => ({ date: t.createDate, description: t.transactionType, amount: pounds(t.creditPence) }));

      return {
        loanStatus: text.name,
        loanStatusMessage: text.message,
        appStatusID: statusId,
        appGuid: app?.guid ?? null,
        lastFundedAppID: lastFunded?.loan.application_id ?? -1,
        canRepeat: mayApplyAgain(app, all),
        sobRep1: due,
        sobRep2: made,
        sobRep3: [
          {
            cnt: year.length,
            amount: sum((f) => f.amountPence),
            contractInterest: sum((f) => f.contractInterestPence),
            actualInterest: sum((f) => f.actualInterestPence),
            defaultInterest: sum((f) => f.defaultInterestPence),
            charge: sum((f) => f.chargePence),
            borrowingCost: sum((f) => f.borrowingCostPence),
          },
        ],
        figures: live ? namedFiguresOf(live, date, positionOfBook(live)) : null,
        sobRep4: lastFunded ? [latestLoan(lastFunded, figuresOf(lastFunded))] : [],
      };
    },

    async schedule(customerId: number): Promise<ScheduleSummary> {
      const { newest: app, loans: all, facts } = await loans.ofCustomer(customerId, today());
      const book = all[0]?.book;
      const approvedAt = all[0]?.approvedAt;
      const statusId = app?.statusId ?? 0;
      if (!book) {
        return {
          settledDate: null,
          fundedDate: null,
          approvedDate: null,
          approvedAmount: 0,
          appID: app?.id ?? -1,
          totalDue: 0,
          appStatus: statusText(statusId).name,
          blocked: false,
          figures: null,
          cardLast4: null,
          cpaCancelled: false,
          paidByOtherMeans: false,
          planRules: null,
          nextInstalment: null,
          schedule: [],
          transactions: [],
        };
      }
      const position = bookPosition(book);
      // Paid out and not repaid: the only loans a new plan can be made for, or an instalment paid.
      const payable = Boolean(book.loan.funded_on && !book.loan.settled_on);
      // The loan's own application: a newer one (a repeat loan applied for) has its own status.
      const loanStatus =
        book.loan.application_id === app?.id
          ? statusId
          : ((
              await db
                .selectFrom('applications')
                .select('status_id')
                .where('id', '=', book.loan.application_id)
                .executeTakeFirst()
            )?.status_id ?? statusId);
      const state = loanStateFor(facts, book.loan.application_id);
      const card = facts?.card_last4 ?? null;
      return {
        settledDate: book.loan.settled_on,
        fundedDate: book.loan.funded_on,
        approvedDate: approvedAt ? londonToday(new Date(approvedAt)) : null,
        approvedAmount: pounds(book.loan.principal_pence),
        appID: book.loan.application_id,
        totalDue: pounds(book.loan.funded_on ? loanFigures(book, position, today()).totalDuePence : 0),
        appStatus: state.words?.name ?? statusText(loanStatus).name,
        blocked: book.loan.blocked_on !== null,
        figures: namedFiguresOf(book, today(), position),
        cardLast4: card,
        cpaCancelled: book.loan.cpa_cancelled_at !== null,
        paidByOtherMeans: payable && planWithoutCardStands(book, today()),
        planRules: payable ? planRules(book, today(), position) : null,
        nextInstalment: payable ? nextInstalmentView(book, today(), position) : null,
        schedule: scheduleRows(book, position).map((r) => ({
          paymentDate: r.paymentDate,
          principal: pounds(r.principalPence),
          interest: pounds(r.interestPence),
          pmt: pounds(r.pmtPence),
          isPayed: r.isPayed,
        })),
        transactions: transactionLines(book)
          .reverse()
          .map((t) => ({
            createDate: t.createDate,
            transactionType: t.transactionType,
            creditAmount: pounds(t.creditPence),
            debitAmount: pounds(t.debitPence),
          })),
      };
    },

    /** What settles the customer's live loan on the business date; 0 when nothing is owed. */
    async totalDue(customerId: number): Promise<number> {
      const book = (await loans.ofCustomer(customerId)).loans[0]?.book;
      if (!book?.loan.funded_on || book.loan.settled_on) return 0;
      return pounds(loanFigures(book, undefined, today()).totalDuePence);
    },
  };
}

export type BorrowingService = ReturnType<typeof borrowingService>;
