import { z } from 'zod';

/**
 * The provider's answers, read as untrusted input: an answer that does not fit is treated as no answer.
 * Fields the adapter does not use are let through, so a provider adding one breaks nothing.
 */
const coded = {
  z2: z.coerce.string(),
  z3: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
};

export const confirmAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('approved'),
    ...coded,
    card: z.object({
      token: z.string().min(1),
      last4: z.string().regex(/^\d{4}$/),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int().min(2000).max(2099),
      holder: z.string(),
    }),
  }),
  z.object({ outcome: z.literal('challenge'), ...coded, redirectUrl: z.url({ protocol: /^https?$/ }) }),
  z.object({ outcome: z.literal('declined'), ...coded }),
]);

export const chargeAnswerSchema = z.object({
  outcome: z.enum(['approved', 'declined']),
  chargeId: z.string().min(1),
  ...coded,
});
