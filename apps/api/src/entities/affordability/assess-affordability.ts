import type { Pence } from '@lender/contract/money';

/**
 * What must be left each month after declared expenses and the largest instalment
 * (docs/decisions/015): a tenth of net income, and never less than £50, for the costs no slider names
 * and for a month that goes worse than planned.
 */
export const AFFORDABILITY_BUFFER = { shareOfIncome: 0.1, minimumPence: 5_000 } as const;

export type AffordabilityInput = {
  netIncomePence: Pence;
  expensesPence: Pence;
  instalmentPence: Pence;
};

export type Assessment = { approved: boolean; bufferPence: Pence; leftPence: Pence };

/** Net income minus declared expenses minus the instalment must cover the buffer. */
export function assessAffordability(input: AffordabilityInput): Assessment {
  // Rounded up: the buffer is a floor, so rounding must never lower it.
  const bufferPence = Math.max(
    AFFORDABILITY_BUFFER.minimumPence,
    Math.ceil(input.netIncomePence * AFFORDABILITY_BUFFER.shareOfIncome),
  );
  const leftPence = input.netIncomePence - input.expensesPence - input.instalmentPence;
  return { approved: leftPence >= bufferPence, bufferPence, leftPence };
}
