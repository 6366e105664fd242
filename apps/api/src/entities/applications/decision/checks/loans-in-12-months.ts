import type { DecisionCheck } from '../decision-check';

/** Loans paid out in the 12 months before today at which a further one is declined (the fifth in a year). */
export const MAX_LOANS_IN_12_MONTHS = 4;

/** Repeat lending (docs/decisions/027, CONC 6.7.21R-6.7.23R): how often the customer has borrowed. */
export const loansIn12MonthsCheck: DecisionCheck = {
  name: 'loans-in-12-months',
  readsTerms: false,
  async run({ history }) {
    if (!history) return [];
    const n = history.loansLast12Months;
    const declines = n >= MAX_LOANS_IN_12_MONTHS;
    return [
      {
        check: 'loans-in-12-months',
        outcome: declines ? 'decline' : 'pass',
        reasonCode: declines ? 'too-many-loans' : 'within-limit',
        details: { loansLast12Months: n, maximum: MAX_LOANS_IN_12_MONTHS },
        text: `${n} loans paid out in the last 12 months (at most ${MAX_LOANS_IN_12_MONTHS} before this one)`,
      },
    ];
  },
};
