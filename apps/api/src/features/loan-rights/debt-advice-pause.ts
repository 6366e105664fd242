import type { IsoDate } from '@lender/contract/dates';
import { addDays } from '@lender/contract/dates';
import { PLAN_PAUSE_MAX_DAYS } from '@lender/contract/calls/staff-plans';
import { Refusal } from '@lender/contract/refusals';
import type { AppContext } from '../../app-context';
import { customerActor } from '../../entities/audit/actor';
import { positionOf } from '../../entities/loans/ledger';
import { liveLoanAfterClose } from '../../entities/loans/live-loan-after-close';
import { catchUpUnderNewPlan } from '../../entities/loans/catch-up-under-plan';
import { inMoratorium } from '../../entities/loans/moratorium';
import { planRules } from '../../entities/loans/plan-rules';
import { pausedPayments, planLines, storePlanWithoutCard } from '../../entities/loans/plan-without-card';
import { entityStore } from '../../entities/unit-of-work';
import { isUniqueViolation } from '../../db/unique-violation';
import { debtAdvicePauseEmail } from './loan-rights-emails';

export type Paused = { kind: 'paused'; pauseUntil: IsoDate } | { kind: 'refused'; refusal: Refusal };

/** The one pause a customer may ask for online, per loan: its schedule's key (unique, so two requests store one). */
const pauseKeyOf = (applicationId: number) => `debt-advice:${applicationId}`;

/**
 * MyAccountArea/PauseForDebtAdvice (issue 46 item 7, CONC 7.3 as amended by PS24/2, docs/decisions/075): a
 * customer in arrears who tells us they are getting debt advice has collections paused for 30 days
 * (PLAN_PAUSE_MAX_DAYS), the pause staff can agree (decision 069), stored the same way: a forbearance
 * version of the schedule at no interest, paid without a card, its payments moved on by the pause. Once
 * per loan online; after that a person agrees more time. Asked twice, it answers the first pause.
 */
export function debtAdvicePauseService(ctx: AppContext) {
  const store = entityStore(ctx);

  return {
    async pause(customerId: number): Promise<Paused> {
      const book = await liveLoanAfterClose(store.loans, ctx.db, customerId, ctx.config.COB_LOAN_WAIT_MS);
      if (book === 'closing') return { kind: 'refused', refusal: Refusal.dayClosing };
      if (!book) return { kind: 'refused', refusal: Refusal.noLoanToPause };
      const { loan } = book;
      const key = pauseKeyOf(loan.application_id);
      const earlier = book.plans.find((p) => p.idempotency_key === key);
      if (earlier?.pause_until) {
        const standing = earlier.pause_until >= ctx.businessDate.today();
        return standing
          ? { kind: 'paused', pauseUntil: earlier.pause_until }
          : { kind: 'refused', refusal: Refusal.pauseAlreadyTaken };
      }
      if (await store.withdrawals.of(loan.application_id)) {
        return { kind: 'refused', refusal: Refusal.withdrawingNoPlan };
      }
      const today = ctx.businessDate.today();
      const spaces = (await store.breathingSpaces.among([loan.application_id])).get(loan.application_id);
      if (inMoratorium(spaces, today)) return { kind: 'refused', refusal: Refusal.pauseInBreathingSpace };
      const position = positionOf(book.terms, book.rows);
      // CONC 7.3: forbearance for a customer in arrears, the same test every plan uses.
      if (!planRules(book, today, position).forbearance) {
        return { kind: 'refused', refusal: Refusal.pauseNotInArrears };
      }
      const pauseUntil = addDays(today, PLAN_PAUSE_MAX_DAYS);
      const lines = planLines(
        pausedPayments(book, position, today, PLAN_PAUSE_MAX_DAYS),
        position.feesDuePence + position.interestDuePence,
      );
      const actor = customerActor(customerId);
      try {
        await store.transaction(async ({ loans, applications, customers, outbox }) => {
          const version = await storePlanWithoutCard(loans, {
            book,
            position,
            today,
            lines,
            pauseUntil,
            idempotencyKey: key,
            actor,
          });
          await applications.recordDecision({
            applicationId: loan.application_id,
            customerId,
            kind: 'rescheduled-forbearance',
            actor,
            reason:
              `plan ${version}: collections paused to ${pauseUntil} at the customer's request online, ` +
              `getting debt advice; no interest or fee while kept, nothing collected from a card`,
          });
          const customer = await customers.findById(customerId);
          if (!customer) return;
          await outbox.enqueue({
            channel: 'email',
            to: customer.email,
            ...debtAdvicePauseEmail({
              firstName: customer.firstName,
              publicUrl: ctx.config.PUBLIC_URL,
              loanNumber: loan.application_id,
              pauseUntil,
              next: { dueDate: lines[0]!.date, amountPence: lines[0]!.paymentPence },
            }),
          });
        });
      } catch (err) {
        // Two requests at once: the other stored the pause; this one answers it.
        if (!isUniqueViolation(err)) throw err;
      }
      await catchUpUnderNewPlan(store, { id: loan.application_id, customerId }, today, actor);
      return { kind: 'paused', pauseUntil };
    },
  };
}
