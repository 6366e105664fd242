import { z } from 'zod';

/**
 * A credit reference agency as a declined applicant is told of it (Consumer Credit Act s157, issue 47):
 * who it is and how to reach it, so they can ask for their credit file, which the agency gives free.
 */
export const agencyParticularsSchema = z.object({
  name: z.string(),
  postalAddress: z.array(z.string()),
  phone: z.string(),
  web: z.string(),
});
export type AgencyParticularsView = z.infer<typeof agencyParticularsSchema>;

/**
 * The `object` of a declined application (errorID `declined`) where the call can decline: the agency whose
 * information counted in the decision, or null when none did (the decline rested on what the applicant
 * told us or on our own records).
 */
export const declinedAnswerSchema = z.object({ creditReferenceAgency: agencyParticularsSchema.nullable() });
export type DeclinedAnswer = z.infer<typeof declinedAnswerSchema>;

/** A search of the customer's credit file we made, as the account area lists it (issue 47). */
export const creditSearchSchema = z.object({
  /** `yyyy-MM-dd`, the London date of the search. */
  searchedOn: z.iso.date(),
  /** A soft (quotation) search does not affect the credit score; a hard (application) search is seen by other lenders. */
  kind: z.enum(['soft', 'hard']),
  agency: z.string(),
});
export const creditSearchesSchema = z.object({ searches: z.array(creditSearchSchema) });
export type CreditSearches = z.infer<typeof creditSearchesSchema>;
