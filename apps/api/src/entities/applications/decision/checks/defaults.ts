import type { DecisionCheck } from '../decision-check';

/** Repeat lending (docs/decisions/027): a loan defaulted in the last 12 months declines another. */
export const defaultsCheck: DecisionCheck = {
  name: 'defaults',
  readsTerms: false,
  async run({ history }) {
    if (!history) return [];
    const n = history.defaultsLast12Months;
    return [
      {
        check: 'defaults',
        outcome: n > 0 ? 'decline' : 'pass',
        reasonCode: n > 0 ? 'recent-default' : 'none',
        details: { defaultsLast12Months: n },
        text: `${n} loans defaulted in the last 12 months`,
      },
    ];
  },
};
