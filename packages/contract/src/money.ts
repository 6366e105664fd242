/** Money is integer pence everywhere; pounds appear only at the edge. */
export type Pence = number;

export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100);
export const penceToPounds = (pence: Pence): number => pence / 100;

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
  const cleaned = text.replace(/[£,\s]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : undefined;
}

/**
 * Pounds and pence as a person types them ('£1,000', '12.5', ' 40.00 '): the number, or undefined when
 * the text is empty or not such an amount, so the schema gives its own message.
 */
export function parsePounds(text: string): number | undefined {
  const cleaned = text.replace(/[£,\s]/g, '');
  return /^\d+(?:\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
}
