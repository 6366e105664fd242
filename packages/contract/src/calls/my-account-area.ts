import { z } from 'zod';
import { Msg } from '../rules/messages';
import { namedFiguresSchema } from './named-figures';

export { namedFiguresSchema, type NamedFigures } from './named-figures';

const sobRow = z.object({ date: z.string(), description: z.string(), amount: z.number() });

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
  paidByOtherMeans: z.boolean().meta({
    description:
      'Not in the spec (issue 46 item 7): a plan paid by other means stands (agreed by the customer while ' +
      'the card was blocked, or with staff): the customer pays each payment by bank transfer or a card ' +
      'payment they make, and nothing is collected from a card while it is kept.',
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
/** MyAccountArea/PauseForDebtAdvice's answer (issue 46 item 7). */
export const debtAdvicePauseSchema = z.object({
  pauseUntil: z.string().meta({
    description:
      'yyyy-MM-dd: the last day of the pause. Nothing is collected or asked for until then, and no interest ' +
      'or fee is added; the payments still owed fall after it.',
  }),
});

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
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;
export type Withdrawal = z.infer<typeof withdrawalSchema>;

// The card payment and reschedule calls' schemas, kept in their own file.
export * from './my-account-payments';
