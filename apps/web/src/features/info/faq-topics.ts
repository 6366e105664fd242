/** The four FAQ sub-pages of spec section 2; the FAQs page lists them and the topic page renders them. */
export const FAQ_TOPICS = [
  {
    slug: 'general-questions',
    title: 'General questions',
    summary: 'Who we are, who can borrow, how much and for how long.',
  },
  {
    slug: 'application-form-questions',
    title: 'Application form questions',
    summary: 'Filling in the form, the quote, the card check, bank details and signing.',
  },
  {
    slug: 'underwriting-questions',
    title: 'Underwriting questions',
    summary: 'The checks we make, how long a decision takes and why an application may be declined.',
  },
  {
    slug: 'post-contract-repayment-questions',
    title: 'Repayment questions',
    summary:
      'Getting your money, repaying early or in part, changing dates and what to do if you cannot pay.',
  },
] as const;

export type FaqTopicSlug = (typeof FAQ_TOPICS)[number]['slug'];
