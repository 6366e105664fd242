import { z } from 'zod';
import { DICTIONARY_NAMES } from './dictionary-ids';

export const dictionaryEntrySchema = z.object({ id: z.number().int(), name: z.string() });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

/** A wage frequency may fix the repayment date (`enableDate`, yyyy-MM-dd). */
export const wageFrequencySchema = dictionaryEntrySchema.extend({
  enableDate: z.string().nullable().optional(),
});
export type WageFrequency = z.infer<typeof wageFrequencySchema>;

export const getDictionariesRequestSchema = z.object({
  queries: z
    .array(
      z.object({
        key: z.union([z.number().int(), z.string().max(40)]),
        params: z.union([z.string().max(40), z.array(z.string().max(40)).max(5), z.null()]).optional(),
      }),
    )
    .min(1)
    .max(DICTIONARY_NAMES.length),
});

export const getDictionariesResponseSchema = z.object({
  wageFrequencies: z.array(wageFrequencySchema).optional(),
  titles: z.array(dictionaryEntrySchema).optional(),
  residentalStatus: z.array(dictionaryEntrySchema).optional(),
  livedInAddress: z.array(dictionaryEntrySchema).optional(),
  employmentStatus: z.array(dictionaryEntrySchema).optional(),
  loanReason: z.array(dictionaryEntrySchema).optional(),
  maritalStatus: z.array(dictionaryEntrySchema).optional(),
  employmentIndustry: z.array(dictionaryEntrySchema).optional(),
});
export type Dictionaries = z.infer<typeof getDictionariesResponseSchema>;
