import { ProductId } from '@lender/contract/constants';
import { penceToPounds, poundsToPence } from '@lender/contract/money';
import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { repaymentDateProblem, repayOverText, buildQuote } from '@lender/contract/pricing/quote';
import { AppStatus } from '@lender/contract/status';
import { Msg } from '@lender/contract/rules/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { nowIso } from '../../lib/clock';
import { loadDictionaries } from '../../lib/dictionary-store';
import { handle } from '../../plugins/calls';
import { isEnded, latestApplication, recordDecision, updateApplicationFrom } from './application-repository';

const NO_QUOTE = 'There is no quote to show for this application.';

type QuoteInputs = { period: number; amount: number; repaymentDate: string; wageFrequencyID: number };

/**
 * Register/GetQuote, CalculateQuote and AcceptQuote, for the signed-in applicant's own application
 * while it waits for an accepted quote. Figures come from the contract's pricing engine.
 */
export async function registerQuoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const wageFrequencyNames = new Map(
    ((await loadDictionaries(ctx.db)).get('wageFrequencies') ?? []).map((e) => [e.id, e.name]),
  );

  const priced = (inputs: QuoteInputs, dailyRatePpm: number) => {
    const q = buildQuote({
      amountPounds: inputs.amount,
      period: inputs.period,
      repaymentDate: inputs.repaymentDate,
      wageFrequencyId: inputs.wageFrequencyID,
      dailyRate: dailyRatePpm / 1_000_000,
    });
    return {
      raw: q,
      quote: {
        period: inputs.period,
        amount: inputs.amount,
        repaymentDate: q.repaymentDate,
        wageFrequencyID: inputs.wageFrequencyID,
        wageFrequency: wageFrequencyNames.get(inputs.wageFrequencyID) ?? '',
        repayOver: repayOverText(inputs.period),
        paymetOf: penceToPounds(q.instalmentPence),
        totalInterest: penceToPounds(q.totalInterestPence),
        totalRepayment: penceToPounds(q.totalRepayablePence),
        apr: q.aprPercent,
        borrow: inputs.amount,
        schedule: q.schedule.map((l) => ({ paymentDate: l.date, amount: penceToPounds(l.paymentPence) })),
      },
    };
  };

  /** The application a quote call may work on, or the envelope explaining why there is none. */
  const openApplication = async (customerId: number) => {
    const application = await latestApplication(ctx.db, customerId);
    return application?.status_id === AppStatus.applicationNew ? application : null;
  };

  const checkInputs = (inputs: QuoteInputs) => {
    if (!wageFrequencyNames.has(inputs.wageFrequencyID)) {
      return fail(ErrorId.validation, Msg.dayOfRepayment, {
        fields: { wageFrequencyID: Msg.dayOfRepayment },
      });
    }
    return null;
  };

  const checkDate = (date: string) =>
    repaymentDateProblem(date)
      ? fail(ErrorId.validation, Msg.repaymentWindow, { fields: { repaymentDate: Msg.repaymentWindow } })
      : null;

  handle(app, ctx, 'getQuote', async ({ session }) => {
    const application = await openApplication(session.customerId);
    if (!application) return fail(ErrorId.notFound, NO_QUOTE);
    const { quote } = priced(
      {
        period: application.duration,
        amount: penceToPounds(application.amount_pence),
        repaymentDate: application.repayment_date,
        wageFrequencyID: application.wage_frequency_id,
      },
      application.daily_rate_ppm,
    );
    return ok(quote);
  });

  handle(app, ctx, 'calculateQuote', async ({ body, session, reply }) => {
    const application = await openApplication(session.customerId);
    if (!application) return fail(ErrorId.notFound, NO_QUOTE);
    const invalid = checkInputs(body) ?? checkDate(body.repaymentDate);
    if (invalid) return reply.code(400).send(invalid);
    const { quote } = priced(body, application.daily_rate_ppm);
    return ok(quote);
  });

  handle(app, ctx, 'acceptQuote', async ({ body, session, reply }) => {
    const application = await openApplication(session.customerId);
    if (!application) return fail(ErrorId.quoteClosed, 'This quote can no longer be accepted.');
    const invalid = checkInputs(body) ?? checkDate(body.repaymentDate);
    if (invalid) return reply.code(400).send(invalid);
    const { raw, quote } = priced(body, application.daily_rate_ppm);
    const accepted = await ctx.db.transaction().execute(async (trx) => {
      const moved = await updateApplicationFrom(trx, application.id, AppStatus.applicationNew, {
        status_id: AppStatus.offerAccepted,
        amount_pence: poundsToPence(body.amount),
        duration: body.period,
        product_id: body.period === 1 ? ProductId.shortTerm : ProductId.longTerm,
        repayment_date: quote.repaymentDate,
        wage_frequency_id: body.wageFrequencyID,
        quote_total_pence: raw.totalRepayablePence,
        quote_instalment_pence: raw.instalmentPence,
        quote_apr: raw.aprPercent,
        accepted_at: nowIso(),
      });
      if (moved) {
        await recordDecision(trx, {
          applicationId: application.id,
          customerId: session.customerId,
          kind: 'quote-accepted',
          reason: `£${quote.amount} over ${quote.period}, total ${raw.totalRepayablePence}p, APR ${raw.aprPercent}%`,
        });
      }
      return moved;
    });
    if (!accepted) return fail(ErrorId.quoteClosed, 'This quote can no longer be accepted.');
    return ok({ appStatusID: AppStatus.offerAccepted, appGuid: application.guid });
  });

  handle(app, ctx, 'getApplicationStatus', async ({ session }) => {
    const application = await latestApplication(ctx.db, session.customerId);
    if (!application) return ok({ appStatusID: 0, appGuid: null, isEnd: true });
    return ok({
      appStatusID: application.status_id,
      appGuid: application.guid,
      isEnd: isEnded(application.status_id),
    });
  });
}
