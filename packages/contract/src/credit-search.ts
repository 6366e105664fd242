/**
 * What stage 1 tells an applicant about the search it makes (issue 47's words), kept apart from the
 * calls' schemas so the page's script carries the sentence and not the schemas.
 */
export const SOFT_SEARCH_SENTENCE =
  'We run a soft search with a credit reference agency, which does not affect your credit score';
