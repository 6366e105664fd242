/**
 * A card check the provider refused, with the words for the applicant (card-refusals.ts). A module of its
 * own: the pages that only show a refusal must not load the card rules and their schemas with it (issue 50).
 */
export class CardCheckError extends Error {
  override name = 'CardCheckError';
}
