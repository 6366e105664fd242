import type { DecisionCheck } from '../../entities/applications/decision/decision-check';

/** The amount this test check declines: one no other rule declines for a usual applicant. */
export const WATCHED_AMOUNT_PENCE = 40_000;

/** A check added by a test, as a next issue adds one: it declines one amount and passes any other. */
export const watchedAmountCheck: DecisionCheck = {
  name: 'watched-amount',
  readsTerms: true,
  async run({ terms }) {
    const declines = terms.amountPence === WATCHED_AMOUNT_PENCE;
    return [
      {
        check: 'watched-amount',
        outcome: declines ? 'decline' : 'pass',
        reasonCode: declines ? 'amount-watched' : 'amount-not-watched',
        details: { amountPence: terms.amountPence },
        text: declines ? 'the amount is watched' : 'the amount is not watched',
      },
    ];
  },
};
