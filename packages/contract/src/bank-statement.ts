/**
 * A statement shorter than this shows no month of income (an account opened last week): its income is
 * not decided on, and it does not meet a requirement to connect (issue 49, docs/decisions/072). Without
 * zod: the web page imports it.
 */
export const STATEMENT_MIN_DAYS = 28;
export const showsAMonth = (v: { daysCovered: number }) => v.daysCovered >= STATEMENT_MIN_DAYS;
