import { addDays, addMonths, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import {
  disposableIncomePence,
  mostInAMonthPence,
  type IncomeAndOutgoings,
} from '@lender/contract/pricing/reschedule';
import { PLAN_PAUSE_MAX_DAYS, TOKEN_PAYMENT_PENCE } from '@lender/contract/calls/staff-plans';
import { LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { arrearsPence, positionOf } from '../../entities/loans/ledger';
import { pausedPayments, planLines, storePlanWithoutCard } from '../../entities/loans/plan-without-card';
import { catchUpUnderNewPlan } from '../../entities/loans/catch-up-under-plan';
import { currentVersion, loanRepository, type LoanBook } from '../../entities/loans/loan-repository';
import { planRules, planWithoutCardStands } from '../../entities/loans/plan-rules';
import { withdrawalRepository } from '../../entities/loans/withdrawal-repository';
import { entityStore } from '../../entities/unit-of-work';
import { nowIso } from '../../lib/clock';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export type Acting = { staffId: number; address: string };

export type PlanRequest = {
  loanId: number;
  kind: 'payments' | 'pause';
  paymentPence?: number;
  months?: number;
  firstDate?: string;
  pauseDays?: number;
  income: IncomeAndOutgoings;
  reason: string;
};

export type PlanView = {
  version: number;
  kind: 'payments' | 'pause';
  agreedOn: string;
  pauseUntil: string | null;
  lines: { date: string; paymentPence: Pence }[];
  totalPence: Pence;
  surplusPence: Pence;
  income: IncomeAndOutgoings;
};

/** The furthest ahead a plan's first payment may fall: within a month, so the arrears do not wait longer. */
const FIRST_PAYMENT_MAX_DAYS = 31;

/**
 * The stage 3 figures of the loan's application, grouped as the income and expenditure statement is
 * (spec section 3's categories): the starting values staff edit with the customer.
 */
const GROUPS: Record<keyof Omit<IncomeAndOutgoings, 'monthlyIncomePence'>, readonly string[]> = {
  housingPence: ['rent', 'councilTax'],
  billsPence: ['utility', 'communicationEntertainment'],
  creditPence: ['creditCommitment'],
  livingPence: ['food', 'transport', 'healthBeauty', 'clothingFootwear', 'householdGoods', 'education'],
  otherPence: ['recreation', 'restaurants', 'alcoholTobacco', 'otherOutgoing'],
};

/**
 * A plan agreed from the console with a customer in arrears who cannot pay by card (issue 48 item 5,
 * docs/decisions/069-staff-plans-forbearance.md, CONC 7.3.4R/7.3.5G): stored as the customer's own plans are,
 * a forbearance version of the schedule at no interest (loan_schedules, loan_instalments, a 'reschedule'
 * row on the ledger) with its income and expenditure (plan_income_checks), and marked paid by other
 * means, so the CPA charges nothing while it stands.
 */
export function planService(ctx: AppContext) {
  const store = entityStore(ctx);

  async function loanOf(loanId: number) {
    const app = await ctx.db
      .selectFrom('applications')
      .select(['id', 'status_id', 'customer_id'])
      .where('id', '=', loanId)
      .executeTakeFirst();
    const book = app && (await loanRepository(ctx.db).books([app.id])).get(app.id);
    return app && book ? { app, book } : undefined;
  }

  async function startingFigures(applicationId: number): Promise<IncomeAndOutgoings> {
    const [row, expenses] = await Promise.all([
      ctx.db
        .selectFrom('application_affordability')
        .select('net_income_pence')
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('application_expenses')
        .select(['category', 'monthly_pence'])
        .where('application_id', '=', applicationId)
        .execute(),
    ]);
    const sum = (categories: readonly string[]) =>
      expenses.filter((e) => categories.includes(e.category)).reduce((s, e) => s + e.monthly_pence, 0);
    const grouped = new Set(Object.values(GROUPS).flat());
    return {
      monthlyIncomePence: row?.net_income_pence ?? 0,
      housingPence: sum(GROUPS.housingPence),
      billsPence: sum(GROUPS.billsPence),
      creditPence: sum(GROUPS.creditPence),
      livingPence: sum(GROUPS.livingPence),
      // A category not named above is still an outgoing.
      otherPence:
        sum(GROUPS.otherPence) +
        expenses.filter((e) => !grouped.has(e.category)).reduce((s, e) => s + e.monthly_pence, 0),
    };
  }

  /** The plan without a card standing today, with its statement; null when none stands. */
  async function standing(book: LoanBook): Promise<PlanView | null> {
    const plan = book.plans.at(-1);
    if (!plan || !planWithoutCardStands(book, ctx.businessDate.today())) return null;
    const check = await ctx.db
      .selectFrom('plan_income_checks')
      .selectAll()
      .where('application_id', '=', plan.application_id)
      .where('version', '=', plan.version)
      .executeTakeFirst();
    const income: IncomeAndOutgoings = {
      monthlyIncomePence: check?.monthly_income_pence ?? 0,
      housingPence: check?.housing_pence ?? 0,
      billsPence: check?.bills_pence ?? 0,
      creditPence: check?.credit_pence ?? 0,
      livingPence: check?.living_pence ?? 0,
      otherPence: check?.other_pence ?? 0,
    };
    const lines = book.schedule
      .filter((s) => s.version === plan.version)
      .map((s) => ({ date: s.dueDate, paymentPence: s.paymentPence }));
    return {
      version: plan.version,
      kind: plan.pause_until ? 'pause' : 'payments',
      agreedOn: plan.created_on,
      pauseUntil: plan.pause_until,
      lines,
      totalPence: lines.reduce((s, l) => s + l.paymentPence, 0),
      surplusPence: disposableIncomePence(income),
      income,
    };
  }

  return {
    async figures(loanId: number, by: Acting) {
      const found = await loanOf(loanId);
      if (!found) return refused<never>(`No loan ${loanId}.`, 'unknown');
      const { book } = found;
      const today = ctx.businessDate.today();
      const position = positionOf(book.terms, book.rows);
      await auditRepository(ctx.db).record({
        actor: staffActor(by.staffId),
        action: 'plan-figures-opened',
        subject: { type: 'loan', id: String(loanId) },
        details: { address: by.address },
      });
      return done({
        arrearsPence: arrearsPence(book.terms, position, today),
        balancePence: position.totalDuePence,
        blocked: book.loan.blocked_on !== null,
        income: await startingFigures(loanId),
        plan: await standing(book),
      });
    },

    async agree(request: PlanRequest, by: Acting): Promise<StaffResult<PlanView>> {
      const found = await loanOf(request.loanId);
      if (!found) return refused(`No loan ${request.loanId}.`, 'unknown');
      const { app, book } = found;
      const { loan } = book;
      if (!loan.funded_on || loan.settled_on || !LIVE_LOAN_STATUSES.includes(app.status_id)) {
        return refused(`Loan ${request.loanId} is not being repaid: there is nothing to agree a plan for.`);
      }
      if ((await withdrawalRepository(ctx.db).among([loan.application_id])).size > 0) {
        return refused(
          `The customer has withdrawn from loan ${request.loanId}: principal and interest are due within 30 days, with no plan.`,
        );
      }
      const today = ctx.businessDate.today();
      const position = positionOf(book.terms, book.rows);
      // CONC 7.3: forbearance is for a customer in arrears (or in default) (planRules' own test).
      if (!planRules(book, today, position).forbearance) {
        return refused(
          `Loan ${request.loanId} is not in arrears: a plan without a card is agreed with a customer in arrears.`,
        );
      }
      const surplus = disposableIncomePence(request.income);
      const charges = position.feesDuePence + position.interestDuePence;
      const balance = position.totalDuePence;
      let payments: { date: IsoDate; paymentPence: Pence }[];
      let pauseUntil: IsoDate | null = null;
      if (request.kind === 'payments') {
        const { paymentPence, months, firstDate } = request;
        if (paymentPence === undefined || months === undefined || firstDate === undefined) {
          return refused(
            'A plan of payments needs the monthly payment, the number of months and the first date.',
          );
        }
        const latest = addDays(today, FIRST_PAYMENT_MAX_DAYS);
        if (firstDate <= today || firstDate > latest) {
          return refused(`The first payment falls after today (${today}), at the latest on ${latest}.`);
        }
        // CONC 7.3.5G: a payment the customer can afford from the surplus, or a token payment when there is none.
        if (paymentPence > Math.max(0, surplus) && paymentPence > TOKEN_PAYMENT_PENCE) {
          return refused(
            `${formatPence(paymentPence)} a month is more than the customer can afford: their income less ` +
              `expenditure leaves ${formatPence(Math.max(0, surplus))} a month. Agree at most that, or a ` +
              `token payment of ${formatPence(TOKEN_PAYMENT_PENCE)}.`,
          );
        }
        payments = [];
        let left = balance;
        for (let k = 0; k < months && left > 0; k++) {
          // The last month carries what is left: the plan's end is when it is reviewed (see the decision).
          const amount = k === months - 1 ? left : Math.min(paymentPence, left);
          payments.push({ date: addMonths(firstDate as IsoDate, k), paymentPence: amount });
          left -= amount;
        }
      } else {
        const days = request.pauseDays;
        if (days === undefined || !Number.isInteger(days) || days < 1 || days > PLAN_PAUSE_MAX_DAYS) {
          return refused(`A pause of collections lasts 1 to ${PLAN_PAUSE_MAX_DAYS} days.`);
        }
        pauseUntil = addDays(today, days);
        payments = pausedPayments(book, position, today, days);
      }
      const lines = planLines(payments, charges);
      const totalPence = lines.reduce((s, l) => s + l.paymentPence, 0);
      const before = book.plans.at(-1);
      const version = currentVersion(book) + 1;
      const actor = staffActor(by.staffId);
      await store.transaction(async ({ loans, applications }, trx) => {
        await storePlanWithoutCard(loans, {
          book,
          position,
          today,
          lines,
          pauseUntil,
          idempotencyKey: `staff-plan:${loan.application_id}:${version}`,
          actor,
        });
        await trx
          .insertInto('plan_income_checks')
          .values({
            application_id: loan.application_id,
            version,
            information_sheet: null,
            monthly_income_pence: request.income.monthlyIncomePence,
            housing_pence: request.income.housingPence,
            bills_pence: request.income.billsPence,
            credit_pence: request.income.creditPence,
            living_pence: request.income.livingPence,
            other_pence: request.income.otherPence,
            disposable_pence: surplus,
            plan_month_pence: mostInAMonthPence(lines),
            created_at: nowIso(),
          })
          .execute();
        await applications.recordDecision({
          applicationId: loan.application_id,
          customerId: app.customer_id,
          kind: 'rescheduled-forbearance',
          actor,
          reason:
            `plan ${version} agreed by staff without a card: ` +
            (pauseUntil
              ? `collections paused to ${pauseUntil}`
              : `${lines.length} payments from ${lines[0]!.date}`) +
            `, total ${totalPence}p at no interest, income and expenditure taken: ${request.reason}`,
        });
        await auditRepository(trx).record({
          actor,
          action: 'plan-agreed',
          subject: { type: 'loan', id: String(loan.application_id) },
          details: {
            address: by.address,
            reason: request.reason,
            before: {
              version: before?.version ?? 1,
              kind: before?.kind ?? 'signed',
              dailyRate: book.terms.dailyRate,
              balancePence: balance,
            },
            after: {
              version,
              kind: request.kind,
              pauseUntil,
              lines: lines.map((l) => ({ date: l.date, paymentPence: l.paymentPence })),
              income: request.income,
              surplusPence: surplus,
            },
          },
        });
      });
      await catchUpUnderNewPlan(
        store,
        { id: loan.application_id, customerId: app.customer_id },
        today,
        actor,
      );
      return done({
        version,
        kind: request.kind,
        agreedOn: today,
        pauseUntil,
        lines: lines.map((l) => ({ date: l.date, paymentPence: l.paymentPence })),
        totalPence,
        surplusPence: surplus,
        income: request.income,
      });
    },
  };
}
