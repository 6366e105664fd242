import { z } from 'zod';
import { FORBEARANCE_MAX_PAYMENTS } from '../constants';
import { Msg } from '../rules/messages';
import { billingAddressSchema, isoDateField, providerReference } from './shared';
import { requiredId } from '../rules/common';
import { cardSummarySchema } from '../rules/card';

const sobRow = z.object({ date: z.string(), description: z.string(), amount: z.number() });

/**
 * The figures of a live loan, each under one name on every page (issue 45 item 6,
 * docs/decisions/051): computed on the server from the ledger and the plan in force.
 */
export const namedFiguresSchema = z
  .object({
    toClearToday: z.number().meta({
      description:
        "Pounds, 'To clear your loan today': the settlement figure on the business date (principal owed, " +
        'interest of the days closed, unpaid fees); the same as GetTotalDue and totalDue.',
    }),
    leftOnPlan: z.number().meta({
      description:
        "Pounds, 'Left to pay on your plan': the unpaid instalments of the plan in force and unpaid fees; " +
        'never less than toClearToday.',
    }),
    nextPayment: z
      .object({ date: z.string(), amount: z.number() })
      .nullable()
      .meta({
        description:
          "'Next payment': the first instalment due on or after the business date with something left to " +
          'pay on it, and what is left of it; null when none is.',
      }),
    overdueNow: z.number().meta({
      description:
        "Pounds, 'Overdue now': the unpaid part of instalments due before the business date, and unpaid " +
        'fees (the default fee included); from the last due date on, everything owed.',
    }),
  })
  .nullable()
  .meta({ description: 'Not in the spec (issue 45). Null without a loan paid out and not yet repaid.' });

export type NamedFigures = NonNullable<z.infer<typeof namedFiguresSchema>>;

export const borrowingSummarySchema = z.object({
  loanStatus: z.string(),
  loanStatusMessage: z.string(),
  appStatusID: z.number(),
  appGuid: z.string().nullable(),
  lastFundedAppID: z.number(),
  canRepeat: z.boolean(),
  sobRep1: z.array(sobRow),
  sobRep2: z.array(sobRow),
  sobRep3: z.array(
    z.object({
      cnt: z.number(),
      amount: z.number(),
      contractInterest: z.number(),
      actualInterest: z.number(),
      defaultInterest: z.number(),
      charge: z.number(),
      borrowingCost: z.number(),
    }),
  ),
  figures: namedFiguresSchema,
  sobRep4: z.array(
    z.object({
      appID: z.number(),
      fundedDate: z.string(),
      approvedPeriod: z.number(),
      days: z.number(),
      loanType: z.string(),
      amount: z.number(),
      contractInterest: z.number(),
      actualInterest: z.number(),
      defaultInterest: z.number(),
      charge: z.number(),
      borrowingCost: z.number(),
      totalDue: z.number(),
    }),
  ),
});

export const scheduleSummarySchema = z.object({
  settledDate: z.string().nullable(),
  fundedDate: z.string().nullable(),
  approvedDate: z.string().nullable(),
  approvedAmount: z.number(),
  appID: z.number(),
  totalDue: z.number(),
  appStatus: z.string(),
  blocked: z.boolean(),
  figures: namedFiguresSchema,
  cardLast4: z
    .string()
    .nullable()
    .meta({
      description:
        'Not in the spec (issue 45): the last four digits of the card on file, which the CPA collects from ' +
        'and a payment with the existing card charges; null without one.',
    }),
  cpaCancelled: z.boolean().meta({
    description:
      'Not in the spec (issue 27): the continuous payment authority is cancelled (by the customer, or by a ' +
      'withdrawal): nothing is collected from the card, and the page says how to pay instead.',
  }),
  planRules: z
    .object({
      today: z.string(),
      signedLastDate: z.string(),
      dueDates: z.array(z.string()).meta({
        description:
          "Issue 46: the dates of the plan in force's instalments not yet paid in full, in order. A new " +
          'plan whose k-th payment falls after the k-th of these (past their number, after the last) moves ' +
          'a payment later: a refinance, even when its last date does not move.',
      }),
      refinancesLeft: z.number(),
      forbearance: z.boolean(),
    })
    .nullable()
    .meta({
      description:
        'Not in the spec (issue 27): what a new plan may be, for the page to show before the customer ' +
        'chooses: `today` is the business date its dates count from. A plan ending after `signedLastDate` extends the loan (a refinance: the information ' +
        'sheet and affordability first; `refinancesLeft` of 2); `forbearance`: in arrears, a plan adds no ' +
        'interest or fee. Null without a loan to pay.',
    }),
  nextInstalment: z
    .object({
      date: z.string().meta({ description: 'yyyy-MM-dd: its due date (before today when it is overdue).' }),
      amount: z.number().meta({ description: 'Pounds: what is left to pay of it.' }),
      collectOn: z.string().meta({
        description:
          'yyyy-MM-dd: when a continuous payment authority would collect it: its due date, or, overdue, ' +
          "tonight's close of business (the business date).",
      }),
    })
    .nullable()
    .meta({
      description:
        'Not in the spec (issue 45): the oldest instalment not yet paid in full, which the payment page ' +
        'offers to pay (CardPayment with payNext) and which a new card would be charged first. Null when ' +
        'nothing is left to pay.',
    }),
  schedule: z.array(
    z.object({
      paymentDate: z.string(),
      principal: z.number(),
      interest: z.number(),
      pmt: z.number(),
      isPayed: z.boolean(),
    }),
  ),
  transactions: z.array(
    z.object({
      createDate: z.string(),
      transactionType: z.string(),
      creditAmount: z.number(),
      debitAmount: z.number(),
    }),
  ),
});

/** MyAccountArea/CancelCpa (not in the spec, issue 27): when the authority was cancelled. */
export const cpaCancelledSchema = z.object({
  cancelledAt: z.string().meta({
    description: 'yyyy-MM-ddTHH:mm:ss, London time; asked again, the same moment (it was cancelled once).',
  }),
});

/** MyAccountArea/Withdraw (not in the spec: Consumer Credit Act s66A): what to repay, and by when. */
export const withdrawAnswerSchema = z.object({
  amountToRepay: z.number().meta({
    description:
      'Pounds: the principal still owed and the interest of every day closed so far, no fee or other ' +
      'charge; interest is added for each day until it is repaid.',
  }),
  repayBy: z
    .string()
    .meta({ description: 'yyyy-MM-dd: the last of the 30 days after the notice (s66A(9)).' }),
});

/** MyAccountArea/GetWithdrawal (not in the spec): whether the customer may withdraw, and the notice once given. */
export const withdrawalSchema = z.object({
  canWithdraw: z.boolean().meta({
    description: 'A loan is being repaid, it is within its 14 days, and no notice has been given yet.',
  }),
  withdrawBy: z
    .string()
    .nullable()
    .meta({
      description:
        'yyyy-MM-dd: the last day to give notice (the 14th day after the agreement was made); null without ' +
        'a loan being repaid.',
    }),
  notice: withdrawAnswerSchema
    .extend({ noticeDate: z.string().meta({ description: 'yyyy-MM-dd: the day notice was given.' }) })
    .nullable()
    .meta({ description: 'The notice given and what it leaves to repay today; null until given.' }),
});

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
export const sobLinkSchema = z.object({
  url: z.string().meta({ description: 'DownloadSOB with a single-use token, good for a few minutes.' }),
});
export const downloadSobQuerySchema = z.object(
  {
    token: z
      .string({ error: Msg.invalidLink })
      .min(1, { error: Msg.invalidLink })
      .max(2000, { error: Msg.invalidLink }),
  },
  { error: Msg.invalidLink },
);

export type BorrowingSummary = z.infer<typeof borrowingSummarySchema>;
export type PlanCost = z.infer<typeof planCostSchema>;
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
export type Withdrawal = z.infer<typeof withdrawalSchema>;
