import { z } from 'zod';

/**
 * Where the customer's loan stands, one name for it on every signed-in page (issue 45 item 11,
 * docs/decisions/049). The first that applies wins: a letter about the debt, a breathing space, a notice
 * of withdrawal being repaid, then the loan's own status.
 */
export const LOAN_STATES = [
  /** No loan paid out: nothing to say beyond the borrow page's application status. */
  'none',
  'active',
  'arrears',
  'defaulted',
  /** A Letter of Claim is open or replied to (the account is flagged legal). */
  'legal',
  /** A Debt Respite Scheme moratorium is in force: nothing is added and nothing asked for. */
  'breathingSpace',
  /** Notice of withdrawal given (Consumer Credit Act s66A); principal and interest to repay by a date. */
  'withdrawing',
  /** Withdrawn and repaid. */
  'withdrawn',
  /** Repaid in full. */
  'settled',
] as const;
export type LoanStateName = (typeof LOAN_STATES)[number];

/** The named figures (figure-names.ts) a state's banner may show: what is overdue, or the next payment. */
export const LOAN_STATE_FIGURES = ['overdueNow', 'nextPayment'] as const;

export const loanStateSchema = z.object({
  state: z.enum(LOAN_STATES),
  statusName: z.string().meta({
    description: "The state's name, as the borrow and schedule pages show the status; empty for none.",
  }),
  statusLine: z.string().meta({
    description:
      'One sentence saying where the loan stands, the same on every signed-in page; empty for none.',
  }),
  nextStep: z
    .object({
      label: z.string(),
      path: z.string().meta({ description: 'The page of the web app where the customer takes that step.' }),
    })
    .nullable()
    .meta({ description: 'The one thing the customer should do next, if anything.' }),
  letter: z
    .object({
      issuedOn: z.string().meta({ description: 'yyyy-MM-dd' }),
      replyBy: z.string().meta({ description: 'yyyy-MM-dd: the last day of the 30 days to reply.' }),
      replied: z.boolean(),
    })
    .nullable()
    .meta({ description: 'The Letter of Claim in progress (open or replied to); null without one.' }),
  mayPay: z
    .boolean()
    .meta({ description: 'A card payment is taken on the loan now (MyAccountArea/CardPayment).' }),
  mayReschedule: z.boolean().meta({
    description: 'A new payment plan may be asked for now (MyAccountArea/Calculate and ReSchedule).',
  }),
  figure: z
    .object({
      name: z.enum(LOAN_STATE_FIGURES),
      label: z.string().meta({ description: "The figure's name as every page writes it: 'Next payment'." }),
      text: z.string().meta({
        description: "Its value as every page writes it: '£113.40 on 20-12-2026', or '£128.40'.",
      }),
      amount: z.number().meta({ description: 'Pounds, as the named figure of GetBorrowingSummary has it.' }),
      date: z
        .string()
        .nullable()
        .meta({ description: "yyyy-MM-dd: the next payment's date; null otherwise." }),
    })
    .nullable()
    .meta({
      description:
        "The one figure the state asks the customer to act on, under its name (docs/decisions/051): 'Overdue " +
        "now' when something is, otherwise the 'Next payment'; the same as the loan's named figures, and " +
        'written out as the pages write them, as statusLine is (the banner is drawn before any code that ' +
        'could format them has arrived). Null for a loan not being repaid by its plan (none, settled, withdrawn, withdrawing, a breathing space, ' +
        'a letter about the debt) and when nothing is left to pay on the plan.',
    }),
});
export type LoanState = z.infer<typeof loanStateSchema>;
