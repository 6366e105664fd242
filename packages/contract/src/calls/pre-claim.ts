import { z } from 'zod';
import type { ExpenseKey } from '../constants';
import { isWholePence } from '../money';
import { INCOME_KEYS, OUTGOING_KEYS, type IncomeKey } from '../pre-claim';

export {
  INCOME_KEYS,
  INCOME_LABELS,
  OUTGOING_KEYS,
  OUTGOING_LABELS,
  PRE_CLAIM_ADVICE_DAYS,
  PRE_CLAIM_REPLY_DAYS,
  type IncomeKey,
} from '../pre-claim';
import { plainText } from '../rules/common';
import { Msg } from '../rules/messages';

/** A monthly amount a person types, in pounds and pence. */
const STATEMENT_MAX = 100_000;
export const monthlyAmount = z
  .number({ error: Msg.statementAmount })
  .min(0, { error: Msg.statementAmount })
  .max(STATEMENT_MAX, { error: Msg.statementAmount })
  .refine(isWholePence, { error: Msg.statementAmount });

export const financialStatementSchema = z.object(
  {
    dependants: z
      .number({ error: Msg.statementDependants })
      .int({ error: Msg.statementDependants })
      .min(0, { error: Msg.statementDependants })
      .max(20, { error: Msg.statementDependants }),
    income: z.object(
      Object.fromEntries(INCOME_KEYS.map((k) => [k, monthlyAmount])) as Record<
        IncomeKey,
        typeof monthlyAmount
      >,
      { error: Msg.statementAmount },
    ),
    outgoings: z.object(
      Object.fromEntries(OUTGOING_KEYS.map((k) => [k, monthlyAmount])) as Record<
        ExpenseKey,
        typeof monthlyAmount
      >,
      { error: Msg.statementAmount },
    ),
  },
  { error: Msg.request },
);
export type FinancialStatement = z.infer<typeof financialStatementSchema>;

export const REPLY_OWES = ['all', 'part', 'none'] as const;
export type ReplyOwes = (typeof REPLY_OWES)[number];

const poundsField = (message: string) =>
  z
    .number({ error: message })
    .positive({ error: message })
    .max(STATEMENT_MAX, { error: message })
    .refine(isWholePence, { error: message });

/**
 * PreClaim/SubmitReply: the Reply Form of the protocol's Annex 1 (do you owe the debt, do you want
 * documents, can you pay by instalments, are you getting debt advice), with the Financial Statement when
 * the customer gives one. Each answer that leads to a detail needs it.
 */
export const preClaimReplySchema = z
  .object(
    {
      owes: z.enum(REPLY_OWES, { error: Msg.replyOwes }),
      partAmount: poundsField(Msg.replyPartAmount)
        .nullish()
        .meta({ description: "Pounds: required when owes is 'part'." }),
      disputeReason: plainText(Msg.replyDisputeReason, 2000)
        .nullish()
        .meta({ description: "Why not, or not all of it: required when owes is not 'all'." }),
      wantsDocuments: z.boolean({ error: Msg.request }),
      documentsWanted: plainText(Msg.replyDocumentsWanted, 1000)
        .nullish()
        .meta({ description: 'Required when wantsDocuments is true.' }),
      proposesInstalments: z.boolean({ error: Msg.request }),
      instalmentAmount: poundsField(Msg.replyInstalment)
        .nullish()
        .meta({ description: 'Pounds a month: required when proposesInstalments is true.' }),
      seekingAdvice: z.boolean({ error: Msg.request }),
      adviserName: plainText(Msg.invalidCharacters, 100).nullish(),
      financialStatement: financialStatementSchema.nullish(),
    },
    { error: Msg.request },
  )
  .superRefine((r, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.owes === 'part' && !r.partAmount) need('partAmount', Msg.replyPartAmount);
    if (r.owes !== 'all' && !r.disputeReason) need('disputeReason', Msg.replyDisputeReason);
    if (r.wantsDocuments && !r.documentsWanted) need('documentsWanted', Msg.replyDocumentsWanted);
    if (r.proposesInstalments && !r.instalmentAmount) need('instalmentAmount', Msg.replyInstalment);
  });
export type PreClaimReply = z.infer<typeof preClaimReplySchema>;

export const submittedReplySchema = z.object({
  documentSourceID: z.number().int().meta({ description: 'The reply as a PDF, kept as a document.' }),
  noClaimBefore: z.string().meta({
    description:
      'yyyy-MM-dd: no claim is started before this day (and not before staff have read the reply).',
  }),
});

const statementRow = z.object({
  date: z.string(),
  description: z.string(),
  added: z.number().meta({ description: 'Pounds added to the balance.' }),
  paid: z.number().meta({ description: 'Pounds paid.' }),
  balance: z.number().meta({ description: 'Pounds owed after this line.' }),
});

/** PreClaim/GetPreClaim: the letter of claim, the statement of account, the reply once sent. */
export const preClaimSchema = z.object({
  letter: z
    .object({
      documentSourceID: z.number().int(),
      issuedOn: z.string().meta({ description: 'yyyy-MM-dd: the business date the letter was issued.' }),
      replyBy: z.string().meta({ description: 'yyyy-MM-dd: the 30th day after the letter.' }),
      amountOwed: z.number().meta({ description: 'Pounds, from the ledger on the day of the letter.' }),
      interestContinues: z.boolean(),
      dailyInterest: z.number().meta({ description: 'Pounds a day while interest continues; else 0.' }),
      agreementNumber: z.number().int(),
      agreementDate: z.string(),
      amountBorrowed: z.number(),
      lender: z.string(),
      borrower: z.string(),
      payTo: z.object({
        accountName: z.string(),
        sortCode: z.string(),
        accountNumber: z.string(),
        reference: z.string(),
      }),
      replyAddress: z.string(),
      replyEmail: z.string(),
      phone: z.string(),
    })
    .nullable(),
  statement: z.array(statementRow),
  reply: z
    .object({
      submittedOn: z.string(),
      documentSourceID: z.number().int(),
      seekingAdvice: z.boolean(),
      noClaimBefore: z.string(),
    })
    .nullable(),
  applicationFigures: z
    .object({
      dependants: z.number().int(),
      income: z.object({ wages: z.number() }),
      outgoings: z.record(z.string(), z.number()),
    })
    .nullable()
    .meta({
      description:
        "The income and outgoings given at stage 3 of the customer's application, in pounds a month, for " +
        'the Financial Statement to start from if the customer chooses to use them.',
    }),
});
export type PreClaim = z.infer<typeof preClaimSchema>;
