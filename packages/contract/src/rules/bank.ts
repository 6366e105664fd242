import { z } from 'zod';
import { Msg } from './messages';

export const sortCodeField = z
  .string({ error: Msg.sortCode })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: Msg.sortCode }));

export const bankAccountNumberField = z
  .string({ error: Msg.accountNumber })
  .trim()
  .regex(/^\d{8}$/, { error: Msg.accountNumber });

export const bankDetailsSchema = z.object({
  sortCode: sortCodeField,
  bankAccountNumber: bankAccountNumberField,
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;
