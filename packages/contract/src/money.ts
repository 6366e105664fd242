/** Money is integer pence everywhere; pounds appear only at the edge. */
export type Pence = number;

export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100);
export const penceToPounds = (pence: Pence): number => pence / 100;

/** Pounds with at most two decimals: 850.5 and 312.45 are whole pence, 10.005 is not (nor is NaN). */
export const isWholePence = (pounds: number): boolean =>
  Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;

// Made on first use, not when the module loads: a browser's first Intl object loads its locale data,
// tens of milliseconds on a slow phone, in the task that evaluates every module of the page.
let gbp: Intl.NumberFormat | undefined;

/** 15057 -> '£150.57'. */
export const formatPence = (pence: Pence): string =>
  (gbp ??= new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: 2,
  })).format(pence / 100);

/**
 * Whole pounds as a person types them ('£1,000', ' 250 '): the number, or undefined when the text is
 * empty or not a whole number, so the schema gives its own message. Forms read amounts only through this.
 */
export function parseWholePounds(text: string): number | undefined {
  const cleaned = withoutPoundSignOrSeparators(text);
  return /^\d+$/.test(cleaned) ? Number(cleaned) : undefined;
}

/**
 * Pounds and pence as a person types them ('£1,000', '12.5', ' 40.00 '): the number, or undefined when
 * the text is empty or not such an amount, so the schema gives its own message.
 */
export function parsePounds(text: string): number | undefined {
  const cleaned = withoutPoundSignOrSeparators(text);
  return /^\d+(?:\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
}

/**
 * An amount as a person types it into a money field whose messages tell empty from wrong (the expenses,
 * docs/decisions/035): '850', '850.5', '£1,200.00', ' 40 '. Empty text is undefined ('Enter your monthly
 * …, or 0'); a minus sign is kept, so that the schema says it is not an amount; any other text is NaN,
 * which the schema words as 'in pounds, like 850 or 850.50'.
 */
export function parseTypedPounds(text: string): number | undefined {
  const cleaned = withoutPoundSignOrSeparators(text);
  if (cleaned === '') return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The '£', thousands separators and spaces a person may type around an amount. */
const withoutPoundSignOrSeparators = (text: string) => text.replace(/[£,\s]/g, '');
