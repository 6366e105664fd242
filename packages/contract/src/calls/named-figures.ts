import { z } from 'zod';

/**
 * The figures of a live loan, each under one name on every page (issue 45 item 6,
 * docs/decisions/051): computed on the server from the ledger and the plan in force.
 */
export const namedFiguresSchema = z
  .object({
    toClearToday: z.number().meta({
      description:
        "Pounds, 'To clear your loan today': the settlement figure on the business date (principal owed, " +
        'interest of the days closed, unpaid fees); the same as GetTotalDue and totalDue.',
    }),
    leftOnPlan: z.number().meta({
      description:
        "Pounds, 'Left to pay on your plan': the unpaid instalments of the plan in force and unpaid fees; " +
        'never less than toClearToday.',
    }),
    nextPayment: z
      .object({ date: z.string(), amount: z.number() })
      .nullable()
      .meta({
        description:
          "'Next payment': the first instalment due on or after the business date with something left to " +
          'pay on it, and what is left of it; null when none is.',
      }),
    overdueNow: z.number().meta({
      description:
        "Pounds, 'Overdue now': the unpaid part of instalments due before the business date, and unpaid " +
        'fees (the default fee included); from the last due date on, everything owed.',
    }),
  })
  .nullable()
  .meta({ description: 'Not in the spec (issue 45). Null without a loan paid out and not yet repaid.' });

export type NamedFigures = NonNullable<z.infer<typeof namedFiguresSchema>>;
