import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/unique-violation';
import { paidTowardsSchedules, positionOf } from '../../entities/loans/ledger';
import { catchUpUnderNewPlan } from '../../entities/loans/catch-up-under-plan';
import { currentVersion, type LoanBook } from '../../entities/loans/loan-repository';
import { entityStore } from '../../entities/unit-of-work';
import { asksSomethingElse, requestHash } from '../../lib/idempotency-key';
import { liveLoanAfterClose } from '../../entities/loans/live-loan-after-close';
import { nowIso } from '../../lib/clock';
import { planFor, type Plan, type PlanOutcome, type PlanRequest } from './reschedule-plan';
import {
  disposableIncomePence,
  mostInAMonthPence,
  type IncomeAndOutgoings,
} from '@lender/contract/pricing/reschedule';
import { REFINANCE_SHEET } from '@lender/contract/rules/refinance-sheet';
import { formatPence } from '@lender/contract/money';
import { newPlanEmail } from './payment-emails';
import { customerActor } from '../../entities/audit/actor';

export type RescheduleRequest = PlanRequest & {
  customerId: number;
  idempotencyKey: string;
  /**
   * A refinance (a plan moving any payment later, issue 46) only after the information sheet was shown
   * (CONC 6.7.20R) and with the customer's monthly income and outgoings, against which it must be
   * affordable (CONC 6.7.2R, 5.2A); both are ignored for any other plan.
   */
  informationSheetSeen: boolean;
  incomeAndOutgoings: IncomeAndOutgoings | null;
};

export type CalculateOutcome = PlanOutcome | { kind: 'refused'; refusal: Refusal };
export type RescheduleOutcome =
  | { kind: 'rescheduled'; plan: Plan }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'refused'; refusal: Refusal };

/**
 * What a reschedule asks, kept beside its key (lib/idempotency-key.ts): the plan. The refinance's sheet
 * and figures are left out: they do not change the plan stored, only whether it may be.
 */
const askedOf = (r: RescheduleRequest) => [
  r.wageFrequencyId,
  r.duration,
  r.repayDate,
  r.payNowPence,
  // Only when set, so the hashes of plans stored before issue 46 still match.
  ...(r.byOtherMeans ? ['byOtherMeans'] : []),
];

/**
 * Why a refinance may not be agreed yet, by field; undefined when it may: the sheet shown, the figures
 * given, and the most the plan takes in a month no more than what they leave (issue 46).
 */
function planProblems(request: RescheduleRequest, plan: Plan, { sheet }: { sheet: boolean }) {
  const fields: Record<string, string> = {};
  if (sheet && !request.informationSheetSeen) fields.informationSheetSeen = Msg.informationSheetSeen;
  const ie = request.incomeAndOutgoings;
  if (!ie) {
    fields.incomeAndOutgoings = Msg.incomeAndOutgoings;
  } else {
    const disposable = disposableIncomePence(ie);
    const planMonth = mostInAMonthPence(plan.lines);
    if (planMonth > disposable) {
      fields.incomeAndOutgoings = Msg.planNotAffordable(formatPence(planMonth), formatPence(disposable));
    }
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

const byOtherMeansRefused = {
  kind: 'invalid' as const,
  fields: { byOtherMeans: Msg.byOtherMeansBlockedOnly },
};

/**
 * MyAccountArea/Calculate and ReSchedule (issue 27, docs/decisions/025). Calculate prices the plan the
 * customer asks for and changes nothing; ReSchedule prices it again from the ledger and stores it as the
 * next version of the schedule: the old rows stay for the statement, the CPA collects the new ones from
 * the next close of business, interest runs at the plan's rate from today, and an e-mail confirms it.
 * With an amount, the amount must have been paid today (MyAccountArea/CardPayment) before the plan.
 */
export function rescheduleService(ctx: AppContext) {
  const store = entityStore(ctx);

  /** The live loan once the close of business is done with it (or 'closing'). */
  const liveLoanOf = (customerId: number) =>
    liveLoanAfterClose(store.loans, ctx.db, customerId, ctx.config.COB_LOAN_WAIT_MS);

  /** A loan that may not be rescheduled now, with why; undefined when it may. */
  async function refusalFor(book: LoanBook | undefined, byOtherMeans = false): Promise<Refusal | undefined> {
    if (!book) return Refusal.noLoanToPay;
    // The spec disables 'Re schedule' on a blocked loan: a plan collected by the CPA needs a card it can
    // collect from. A plan paid by other means needs none (issue 46 item 7).
    if (book.loan.blocked_on && !byOtherMeans) return Refusal.cardNotActive;
    // A withdrawing customer repays principal and interest within 30 days (s66A(9)): no plan.
    if (await store.withdrawals.of(book.loan.application_id)) return Refusal.withdrawingNoPlan;
    return undefined;
  }

  /** Whether a card payment of exactly `pence` was approved today on the loan. */
  async function paidToday(book: LoanBook, pence: number) {
    const row = await ctx.db
      .selectFrom('loan_payments')
      .select('id')
      .where('application_id', '=', book.loan.application_id)
      .where('state', '=', 'approved')
      .where('on_date', '=', ctx.businessDate.today())
      .where('amount_pence', '=', pence)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async calculate(customerId: number, request: PlanRequest): Promise<CalculateOutcome> {
      const book = await liveLoanOf(customerId);
      if (book === 'closing') return { kind: 'refused', refusal: Refusal.dayClosing };
      const refusal = await refusalFor(book, request.byOtherMeans);
      if (refusal) return { kind: 'refused', refusal };
      if (request.byOtherMeans && !book!.loan.blocked_on) return byOtherMeansRefused;
      return planFor(book!, ctx.businessDate.today(), request);
    },

    async reschedule(request: RescheduleRequest): Promise<RescheduleOutcome> {
      const book = await liveLoanOf(request.customerId);
      if (book === 'closing') return { kind: 'refused', refusal: Refusal.dayClosing };
      const refusal = await refusalFor(book, request.byOtherMeans);
      if (refusal) return { kind: 'refused', refusal };
      if (request.byOtherMeans && !book!.loan.blocked_on) return byOtherMeansRefused;
      const loan = book!.loan;
      const done = book!.plans.find((p) => p.idempotency_key === request.idempotencyKey);
      // The key sent again with another plan: refused, not answered as if that plan had been stored.
      if (done && asksSomethingElse(done.request_hash, askedOf(request))) {
        return { kind: 'refused', refusal: Refusal.planKeyReused };
      }
      if (done) {
        // The same request again (a double click, a retry): the plan it made.
        const lines = book!.schedule
          .filter((s) => s.version === done.version)
          .map((s) => ({
            date: s.dueDate,
            paymentPence: s.paymentPence,
            principalPence: s.principalPence,
            interestPence: s.interestPence,
          }));
        const totalPence = lines.reduce((sum, l) => sum + l.paymentPence, 0);
        return {
          kind: 'rescheduled',
          plan: { kind: done.kind, dailyRate: done.daily_rate, lines, totalPence },
        };
      }
      if (request.payNowPence > 0 && !(await paidToday(book!, request.payNowPence))) {
        return { kind: 'refused', refusal: Refusal.payBeforePlan };
      }
      // The amount is on the ledger already: the plan is priced from what is owed now.
      const today = ctx.businessDate.today();
      const outcome = planFor(book!, today, { ...request, payNowPence: 0 });
      if (outcome.kind === 'nothingOwed') return { kind: 'refused', refusal: Refusal.nothingToReschedule };
      if (outcome.kind === 'refinanceLimit') return { kind: 'refused', refusal: Refusal.refinanceLimit };
      if (outcome.kind === 'invalid') return outcome;
      const { plan } = outcome;
      // A refinance: the sheet and the income check (item 6); a plan paid by other means: the income check,
      // which is how its length is chosen (item 7).
      const checked = plan.kind === 'refinance' || request.byOtherMeans === true;
      if (checked) {
        const problems = planProblems(request, plan, { sheet: plan.kind === 'refinance' });
        if (problems) return { kind: 'invalid', fields: problems };
      }

      const version = currentVersion(book!) + 1;
      const firstSeq = Math.max(...book!.schedule.map((s) => s.seq)) + 1;
      const paidBefore = paidTowardsSchedules(positionOf(book!.terms, book!.rows));
      try {
        await store.transaction(async ({ loans, applications, customers, outbox }, trx) => {
          await loans.addScheduleVersion(
            {
              application_id: loan.application_id,
              version,
              kind: plan.kind,
              daily_rate: plan.dailyRate,
              paid_before_pence: paidBefore,
              created_on: today,
              idempotency_key: request.idempotencyKey,
              request_hash: requestHash(askedOf(request)),
              // Paid by other means: no card is charged while it stands, even after a new card lifts the
              // block (planWithoutCardStands; the customer agreed to no collections).
              ...(request.byOtherMeans ? { without_card: 1 } : {}),
            },
            plan.lines,
            firstSeq,
          );
          if (checked) {
            const ie = request.incomeAndOutgoings!;
            await trx
              .insertInto('plan_income_checks')
              .values({
                application_id: loan.application_id,
                version,
                information_sheet: plan.kind === 'refinance' ? REFINANCE_SHEET.id : null,
                monthly_income_pence: ie.monthlyIncomePence,
                housing_pence: ie.housingPence,
                bills_pence: ie.billsPence,
                credit_pence: ie.creditPence,
                living_pence: ie.livingPence,
                other_pence: ie.otherPence,
                disposable_pence: disposableIncomePence(ie),
                plan_month_pence: mostInAMonthPence(plan.lines),
                created_at: nowIso(),
              })
              .execute();
          }
          // The customer accepted the plan with its CPA agreement (CONC 7.6.2AR): collections resume. A
          // plan paid by other means gives no authority: the block and any cancellation stay.
          if (loan.cpa_cancelled_at && !request.byOtherMeans) {
            await loans.update(loan.application_id, { cpa_cancelled_at: null });
          }
          await loans.post([
            {
              applicationId: loan.application_id,
              type: 'reschedule',
              amountPence: 0,
              onDate: today,
              reference: `reschedule:${loan.application_id}:${version}`,
              actor: customerActor(request.customerId),
            },
          ]);
          await applications.recordDecision({
            applicationId: loan.application_id,
            customerId: request.customerId,
            kind: `rescheduled-${plan.kind}`,
            actor: customerActor(request.customerId),
            reason:
              `plan ${version}: ${plan.lines.length} payments from ${plan.lines[0]!.date}, total ` +
              `${plan.totalPence}p at ${plan.dailyRate} a day` +
              (plan.kind === 'refinance'
                ? `, information sheet ${REFINANCE_SHEET.id} shown, income and outgoings checked`
                : '') +
              (request.byOtherMeans ? ', paid by other means (no CPA), income and outgoings checked' : ''),
          });
          const customer = await customers.findById(request.customerId);
          if (customer) {
            await outbox.enqueue({
              channel: 'email',
              to: customer.email,
              ...newPlanEmail({
                firstName: customer.firstName,
                publicUrl: ctx.config.PUBLIC_URL,
                plan,
                byOtherMeans: request.byOtherMeans === true,
              }),
            });
          }
        });
      } catch (err) {
        // A second request raced in with the same key, or the same version: the first one's plan stands.
        if (!isUniqueViolation(err)) throw err;
        return this.reschedule(request);
      }
      // Only a plan in arrears (forbearance) can leave a loan in arrears with nothing overdue: no other
      // plan reads the book again.
      if (plan.kind === 'forbearance') {
        const app = { id: loan.application_id, customerId: request.customerId };
        await catchUpUnderNewPlan(store, app, today, customerActor(request.customerId));
      }
      return { kind: 'rescheduled', plan };
    },
  };
}

export type RescheduleService = ReturnType<typeof rescheduleService>;
