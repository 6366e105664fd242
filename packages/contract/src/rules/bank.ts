import { z } from 'zod';
import { Msg } from './messages';

/** Six digits, with the spaces and dashes a person may type between them (they are dropped). */
const SORT_CODE_TYPED = /^[\s-]*(?:\d[\s-]*){6}$/;
export const sortCodeField = z
  .string({ error: Msg.sortCode })
  .regex(SORT_CODE_TYPED, { error: Msg.sortCode })
  .transform((v) => v.replace(/[\s-]/g, ''));

export const bankAccountNumberField = z
  .string({ error: Msg.accountNumber })
  .trim()
  .regex(/^\d{8}$/, { error: Msg.accountNumber });

export const bankDetailsSchema = z.object(
  {
    sortCode: sortCodeField,
    bankAccountNumber: bankAccountNumberField,
  },
  { error: Msg.bankDetails },
);
export type BankDetails = z.infer<typeof bankDetailsSchema>;
