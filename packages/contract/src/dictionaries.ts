import { z } from 'zod';
import { DICTIONARY_NAMES, DictionaryId } from './dictionary-ids';
import { Msg } from './rules/messages';

export const dictionaryEntrySchema = z.object({ id: z.number().int(), name: z.string() });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

/** A wage frequency may fix the repayment date (`enableDate`, yyyy-MM-dd). */
export const wageFrequencySchema = dictionaryEntrySchema.extend({
  enableDate: z.string().nullable().optional(),
});
export type WageFrequency = z.infer<typeof wageFrequencySchema>;

const DICTIONARY_IDS = Object.values(DictionaryId);
const PARAM_MAX = 40;
const dictionaryParam = z
  .string({ error: Msg.dictionaryParams })
  .max(PARAM_MAX, { error: Msg.dictionaryParams });

/**
 * A dictionary by id, by id as text or by name; an unknown one is a refused request (HTTP 400), so the
 * document lists them all.
 */
export const getDictionariesRequestSchema = z.object(
  {
    queries: z
      .array(
        z.object(
          {
            key: z.union(
              [z.literal(DICTIONARY_IDS), z.enum([...DICTIONARY_NAMES, ...DICTIONARY_IDS.map(String)])],
              { error: Msg.dictionaryKey },
            ),
            params: z
              .union(
                [dictionaryParam, z.array(dictionaryParam).max(5, { error: Msg.dictionaryParams }), z.null()],
                { error: Msg.dictionaryParams },
              )
              .optional()
              .meta({
                description: "'small' (or a list holding it) asks for the shorter wage-frequency list.",
              }),
          },
          { error: Msg.dictionaryKey },
        ),
        { error: Msg.dictionaryQueries },
      )
      .min(1, { error: Msg.dictionaryQueries })
      .max(DICTIONARY_NAMES.length, { error: Msg.dictionaryQueries }),
  },
  { error: Msg.dictionaryQueries },
);

export const getDictionariesResponseSchema = z.object({
  wageFrequencies: z.array(wageFrequencySchema).optional(),
  titles: z.array(dictionaryEntrySchema).optional(),
  residentalStatus: z.array(dictionaryEntrySchema).optional(),
  livedInAddress: z.array(dictionaryEntrySchema).optional(),
  employmentStatus: z.array(dictionaryEntrySchema).optional(),
  loanReason: z.array(dictionaryEntrySchema).optional(),
  maritalStatus: z.array(dictionaryEntrySchema).optional(),
  employmentIndustry: z.array(dictionaryEntrySchema).optional(),
  documentCategories: z.array(dictionaryEntrySchema).optional(),
});
export type Dictionaries = z.infer<typeof getDictionariesResponseSchema>;
