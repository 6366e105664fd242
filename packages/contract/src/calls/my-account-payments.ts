import { z } from 'zod';
import { FORBEARANCE_MAX_PAYMENTS } from '../constants';
import { Msg } from '../rules/messages';
import { billingAddressSchema, isoDateField, providerReference } from './shared';
import { requiredId } from '../rules/common';
import { cardSummarySchema } from '../rules/card';
import { namedFiguresSchema } from './named-figures';

/*
 * The signed-in area's money calls (spec section 2, 'Make a payment'; issues 27 and 46): a card added or
 * paid with, the plan a customer asks for, and what each answers. Re-exported by my-account-area.ts.
 */

/**
 * Idempotency (issue 27, docs/decisions/025): the page makes a UUID per attempt and sends it as the
 * `Idempotency-Key` header (the IETF HTTP API draft's name) or as this field; the same key again answers
 * the first result instead of charging again.
 */
export const idempotencyKeyField = z.uuid({ error: Msg.request }).nullish().meta({
  description:
    'Required here or as the Idempotency-Key header: a UUID the page makes per attempt; the same key again answers the first result.',
});

/**
 * A card the browser has just had checked by the provider (decision 014): its key and transaction for
 * the server to confirm, and the card without its number and security code (a payload carrying either
 * is refused).
 */
const checkedCard = {
  pKey: providerReference,
  trxId: providerReference,
  isSignature: z
    .boolean({ error: Msg.cardCheck })
    .nullish()
    .meta({ description: "Whether the provider's fingerprint page answered in time." }),
};

export const addCreditCardSchema = z.object(
  {
    creditCard: cardSummarySchema,
    address: billingAddressSchema.nullish(),
    ...checkedCard,
    idempotencyKey: idempotencyKeyField.meta({
      description: 'Accepted, not needed: the same card confirmed by the provider is stored once.',
    }),
  },
  { error: Msg.request },
);

/** The most a single card payment or reschedule may name, in pounds. */
const PAYMENT_MAX = 100_000;

/**
 * CardPayment (spec: payTotal, amount, useExistingCard; for a new card also the card, pKey, trxId,
 * isSignature). The server prices it: `payTotal` must name today's total due, a part payment 10% to 100%
 * of it.
 */
export const cardPaymentSchema = z
  .object(
    {
      payTotal: z.boolean({ error: Msg.request }).nullish(),
      payNext: z
        .boolean({ error: Msg.request })
        .nullish()
        .meta({
          description:
            "Not in the spec (issue 45): the amount is the next instalment's (GetScheduleSummary's " +
            'nextInstalment), paid with no new plan; refused with errorID 241 when it has changed.',
        }),
      amount: z
        .number({ error: Msg.paymentAmount })
        .positive({ error: Msg.paymentAmount })
        .max(PAYMENT_MAX, { error: Msg.amountTooHigh })
        .meta({
          description:
            'Pounds, in whole pence: at least 10% of the total due (in arrears, from £1) and at most the total due.',
        }),
      useExistingCard: z.boolean({ error: Msg.request }).nullish(),
      card: cardSummarySchema.nullish().meta({
        description:
          'With pKey and trxId, required unless useExistingCard is true: the new card, without its number.',
      }),
      pKey: providerReference.nullish(),
      trxId: providerReference.nullish(),
      isSignature: checkedCard.isSignature,
      idempotencyKey: idempotencyKeyField,
    },
    { error: Msg.request },
  )
  .superRefine((p, ctx) => {
    if (p.useExistingCard) return;
    for (const key of ['card', 'pKey', 'trxId'] as const) {
      if (!p[key]) ctx.addIssue({ code: 'custom', path: [key], message: Msg.cardCheck });
    }
  });

/** A card payment or a new card: done (null), or the bank's 3-D Secure challenge to send the browser to. */
export const cardAnswerSchema = z.object({
  redirectUrl: z
    .string()
    .nullable()
    .meta({
      description:
        "The bank's challenge page; the browser returns to the same screen with z2, z3 and trxId and sends " +
        'the same request again, under the same idempotency key.',
    }),
});

/** A card payment's receipt (issue 45 item 10): from the ledger, as it stands after the payment. */
export const paymentReceiptSchema = z.object({
  amount: z.number().meta({ description: 'Pounds paid.' }),
  cardLast4: z
    .string()
    .nullable()
    .meta({ description: 'The last four digits of the card charged; null if not known (older payments).' }),
  date: z.string().meta({ description: 'yyyy-MM-dd: the business date the payment was posted on.' }),
  figures: namedFiguresSchema.meta({
    description: 'The named figures after the payment; null once the loan is repaid.',
  }),
});

/** CardPayment's answer: as a card's, and once paid its receipt. */
export const cardPaymentAnswerSchema = cardAnswerSchema.extend({
  receipt: paymentReceiptSchema.nullish().meta({
    description:
      'Not in the spec (issue 45): once the payment is approved (the same answer under the same key ' +
      'again), what was paid, by which card, when, and the figures after it; absent or null otherwise.',
  }),
});

/** A new card: as a payment's answer, and when the CPA will next collect from it (none: nothing left). */
export const addCardAnswerSchema = cardAnswerSchema.extend({
  nextCollection: z
    .object({ date: z.string(), amount: z.number() })
    .nullable()
    .meta({ description: 'Null while the challenge is pending, or when nothing is left to collect.' }),
});

/** One monthly figure of the check, with its own message (`what`: 'your income'). */
const monthlyPounds = (what: string) => {
  const message = Msg.monthlyFigure(what);
  return z.number({ error: message }).min(0, { error: message }).max(1_000_000, { error: message });
};

/** Issue 46: a refinance's income and expenditure check, in pounds a month. */
export const incomeAndOutgoingsSchema = z.object(
  {
    monthlyIncome: monthlyPounds('your income').meta({
      description: 'Pounds a month: take-home income from all sources.',
    }),
    housing: monthlyPounds('your rent or mortgage').meta({
      description: 'Pounds a month: rent or mortgage, council tax.',
    }),
    bills: monthlyPounds('your bills').meta({
      description: 'Pounds a month: energy, water, phone, insurance.',
    }),
    credit: monthlyPounds('what you repay on other loans and cards').meta({
      description: 'Pounds a month: other loans and credit cards.',
    }),
    living: monthlyPounds('your food, travel and childcare').meta({
      description: 'Pounds a month: food, travel, childcare.',
    }),
    other: monthlyPounds('anything else you spend').meta({ description: 'Pounds a month: anything else.' }),
  },
  { error: Msg.incomeAndOutgoings },
);
export type IncomeAndOutgoingsInput = z.infer<typeof incomeAndOutgoingsSchema>;

export const rescheduleSchema = z.object(
  {
    frequencyID: requiredId(Msg.paymentFrequency),
    duration: z
      .number({ error: Msg.paymentDuration })
      .int({ error: Msg.paymentDuration })
      .min(1, { error: Msg.paymentDuration })
      // 1 to 3 (RESCHEDULE_MAX_PAYMENTS); up to 12 for a plan paid by other means (the server checks).
      .max(FORBEARANCE_MAX_PAYMENTS, { error: Msg.paymentDuration }),
    repayDate: isoDateField(Msg.paymentDate),
    amount: z
      .number({ error: Msg.rescheduleAmount })
      .min(0, { error: Msg.rescheduleAmount })
      .max(PAYMENT_MAX, { error: Msg.amountTooHigh })
      .nullish()
      .meta({
        description:
          'Pounds paid now with MyAccountArea/CardPayment before the plan (ReSchedule checks it was paid today); null: nothing.',
      }),
    informationSheetSeen: z.boolean({ error: Msg.request }).nullish().meta({
      description:
        "Not in the spec: a plan ending after the signed last date needs the FCA's arrears information sheet shown.",
    }),
    affordabilityConfirmed: z.boolean({ error: Msg.request }).nullish().meta({
      description:
        'Not in the spec: no longer asked (issue 46 takes the figures in `incomeAndOutgoings`); ignored.',
    }),
    byOtherMeans: z
      .boolean({ error: Msg.request })
      .nullish()
      .meta({
        description:
          "Not in the spec (issue 46 item 7): a blocked loan's plan, paid by bank transfer or a card payment " +
          'the customer makes: forbearance (no interest or fee while kept), no card and no continuous payment ' +
          'authority, 1 to 12 payments, with `incomeAndOutgoings` it must fit. Only on a blocked loan.',
      }),
    incomeAndOutgoings: incomeAndOutgoingsSchema.nullish().meta({
      description:
        "Not in the spec (issue 46): a refinance needs the customer's monthly income and outgoings; it is " +
        'refused when the most the plan takes in a month is more than the income less the outgoings. Kept ' +
        'with the plan.',
    }),
    idempotencyKey: idempotencyKeyField,
  },
  { error: Msg.request },
);

/** MyAccountArea/PlanCost (not in the spec, issue 45): what a plan costs beside today's, before Accept. */
export const planCostSchema = z.object({
  rows: z
    .array(z.object({ paymentDate: z.string(), amount: z.number() }))
    .meta({ description: "The new plan's payments, as Calculate answers them." }),
  payNow: z.number().meta({ description: 'Pounds paid now, before the plan (0: nothing).' }),
  newTotal: z.number().meta({
    description: 'Pounds: the amount paid now and every payment of the new plan, as priced by the server.',
  }),
  currentTotal: z.number().meta({
    description:
      "Pounds: what today's plan leaves to pay (its unpaid instalments and unpaid fees; at least what " +
      'settles the loan today).',
  }),
  difference: z.number().meta({
    description: 'Pounds: newTotal less currentTotal; more than 0 when the new plan costs more.',
  }),
  kind: z.enum(['reschedule', 'refinance', 'forbearance']).meta({
    description:
      'Issue 46: what the plan is. A refinance (any payment later than the instalment it replaces) needs ' +
      "the FCA's information sheet and the income and outgoings check before ReSchedule takes it.",
  }),
});

export const calculatedRowsSchema = z.array(z.object({ paymentDate: z.string(), amount: z.number() }));
export const totalDueSchema = z.number();

export type PlanCost = z.infer<typeof planCostSchema>;
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
