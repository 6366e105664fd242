import type { rescheduleSchema } from '@lender/contract/calls/my-account-area';
import { ok, refuse } from '@lender/contract/envelope';
import { penceToPounds, poundsToPence } from '@lender/contract/money';
import type { IncomeAndOutgoings } from '@lender/contract/pricing/reschedule';
import { Refusal } from '@lender/contract/refusals';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { implementCall, invalidFields } from '../../plugins/calls';
import { IDEMPOTENCY_KEY_MISSING, idempotencyKeyOf } from '../../lib/idempotency-key';
import type { Plan, PlanRequest } from './reschedule-plan';
import type { RescheduleService } from './reschedule-service';

/** The spec's fields as the plan's request. */
const planRequestOf = (body: z.output<typeof rescheduleSchema>): PlanRequest => ({
  wageFrequencyId: body.frequencyID,
  duration: body.duration,
  repayDate: body.repayDate,
  payNowPence: poundsToPence(body.amount ?? 0),
  byOtherMeans: body.byOtherMeans === true,
});

/** The refinance's figures, pounds a month, in pence; null when not given. */
const incomeAndOutgoingsOf = (
  ie: z.output<typeof rescheduleSchema>['incomeAndOutgoings'],
): IncomeAndOutgoings | null =>
  ie
    ? {
        monthlyIncomePence: poundsToPence(ie.monthlyIncome),
        housingPence: poundsToPence(ie.housing),
        billsPence: poundsToPence(ie.bills),
        creditPence: poundsToPence(ie.credit),
        livingPence: poundsToPence(ie.living),
        otherPence: poundsToPence(ie.other),
      }
    : null;

const rowsOf = (plan: Plan) =>
  plan.lines.map((l) => ({ paymentDate: l.date, amount: penceToPounds(l.paymentPence) }));

const refusedFields = (reply: FastifyReply, fields: Record<string, string>) => {
  reply.code(400);
  return invalidFields(fields);
};

/** MyAccountArea/Calculate and ReSchedule (spec section 7, issue 27): the rules are the service's. */
export const rescheduleCalls = (service: RescheduleService) => [
  implementCall('calculate', async ({ body, principal, reply }) => {
    const outcome = await service.calculate(principal.customerId, planRequestOf(body));
    switch (outcome.kind) {
      case 'plan':
        return ok(rowsOf(outcome.plan));
      case 'invalid':
        return refusedFields(reply, outcome.fields);
      case 'nothingOwed':
        return refuse(Refusal.nothingToReschedule);
      case 'refinanceLimit':
        return refuse(Refusal.refinanceLimit);
      case 'refused':
        return refuse(outcome.refusal);
    }
  }),
  // Not in the spec (issue 45): the same plan as Calculate, with what it costs beside today's plan.
  implementCall('planCost', async ({ body, principal, reply }) => {
    const request = planRequestOf(body);
    const outcome = await service.calculate(principal.customerId, request);
    switch (outcome.kind) {
      case 'plan': {
        const { plan, currentLeftPence } = outcome;
        const newTotalPence = request.payNowPence + plan.totalPence;
        return ok({
          rows: rowsOf(plan),
          payNow: penceToPounds(request.payNowPence),
          newTotal: penceToPounds(newTotalPence),
          currentTotal: penceToPounds(currentLeftPence),
          difference: penceToPounds(newTotalPence - currentLeftPence),
          kind: plan.kind,
        });
      }
      case 'invalid':
        return refusedFields(reply, outcome.fields);
      case 'nothingOwed':
        return refuse(Refusal.nothingToReschedule);
      case 'refinanceLimit':
        return refuse(Refusal.refinanceLimit);
      case 'refused':
        return refuse(outcome.refusal);
    }
  }),
  implementCall('reSchedule', async ({ body, principal, req, reply }) => {
    const idempotencyKey = idempotencyKeyOf(req, body.idempotencyKey);
    if (!idempotencyKey) return refusedFields(reply, { idempotencyKey: IDEMPOTENCY_KEY_MISSING });
    const outcome = await service.reschedule({
      ...planRequestOf(body),
      customerId: principal.customerId,
      idempotencyKey,
      informationSheetSeen: body.informationSheetSeen === true,
      incomeAndOutgoings: incomeAndOutgoingsOf(body.incomeAndOutgoings),
    });
    switch (outcome.kind) {
      case 'rescheduled':
        return ok(null);
      case 'invalid':
        return refusedFields(reply, outcome.fields);
      case 'refused':
        return refuse(outcome.refusal);
    }
  }),
];
