import { z } from 'zod';

/**
 * The aggregator's answers (UK Open Banking Read/Write API v3.1, account and transaction API), read as
 * untrusted input: only the fields we use are checked, every other field the standard allows passes
 * unread. Lengths follow the standard's Max40Text, Max210Text, Max350Text, Max500Text.
 */
const text = (max: number) => z.string().min(1).max(max);
/** An OB ISODateTime: with its offset (or Z), so the instant and hence the London day are certain. */
const dateTime = z.iso.datetime({ offset: true });

/** ActiveOrHistoricCurrencyAndAmount: a decimal string, never a JSON number (no float ever carries money). */
export const obAmount = z.object({
  Amount: z.string().regex(/^\d{1,13}(\.\d{1,5})?$/),
  Currency: z.string().regex(/^[A-Z]{3}$/),
});
const creditDebit = z.enum(['Credit', 'Debit']);

/** OAuth 2 token answer (RFC 6749 §5.1). */
export const tokenSchema = z.object({
  access_token: text(2048),
  token_type: z.string().regex(/^bearer$/i),
});

/**
 * GET /banks: the aggregator's own list of the banks (ASPSPs) it reaches. Not part of the OB standard
 * (each aggregator has one); ours is `{ Data: { Bank: [{ BankId, Name }] } }`, BankId being the value
 * sent as `x-fapi-financial-id`.
 */
export const banksSchema = z.object({
  Data: z.object({ Bank: z.array(z.object({ BankId: text(40), Name: text(140) })).max(1000) }),
});

/** OBReadConsentResponse1: a consent just made awaits the applicant at their bank. */
export const consentResponseSchema = z.object({
  Data: z.object({
    ConsentId: text(128),
    Status: z.enum(['AwaitingAuthorisation', 'Authorised', 'Rejected', 'Revoked']),
  }),
});

/** OBReadAccount6: only accounts in pounds are read (the port's amounts are pence). */
export const accountsSchema = z.object({
  Data: z.object({
    Account: z
      .array(
        z.object({ AccountId: text(40), Currency: z.string().regex(/^[A-Z]{3}$/), AccountSubType: text(40) }),
      )
      .max(100),
  }),
});

/** OBReadBalance1. */
export const balancesSchema = z.object({
  Data: z.object({
    Balance: z
      .array(z.object({ Amount: obAmount, CreditDebitIndicator: creditDebit, Type: text(40) }))
      .min(1)
      .max(50),
  }),
});

const partyName = z.object({ Name: z.string().max(350).optional() }).optional();

/** One OBTransaction6. */
export const transactionSchema = z.object({
  TransactionId: text(210).optional(),
  CreditDebitIndicator: creditDebit,
  Status: z.enum(['Booked', 'Pending']),
  BookingDateTime: dateTime,
  TransactionInformation: z.string().max(500).optional(),
  Amount: obAmount,
  ProprietaryBankTransactionCode: z.object({ Code: text(35) }).optional(),
  MerchantDetails: z
    .object({
      MerchantName: z.string().min(1).max(350).optional(),
      MerchantCategoryCode: z
        .string()
        .regex(/^\d{3,4}$/)
        .optional(),
    })
    .optional(),
  CreditorAccount: partyName,
  DebtorAccount: partyName,
  Balance: z.object({ Amount: obAmount, CreditDebitIndicator: creditDebit }).optional(),
});
export type ObTransaction = z.infer<typeof transactionSchema>;

/** OBReadTransaction6: one page, and the link to the next while there is one. */
export const transactionsPageSchema = z.object({
  // A bank may leave an empty page's list out.
  Data: z.object({ Transaction: z.array(transactionSchema).max(1000).default([]) }),
  Links: z.object({ Next: z.string().max(2048).optional() }).optional(),
});
