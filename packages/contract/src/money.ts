/** Money is integer pence everywhere; pounds appear only at the edge. */
export type Pence = number;

export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100);
export const penceToPounds = (pence: Pence): number => pence / 100;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** 15057 -> '£150.57'. */
export const formatPence = (pence: Pence): string => gbp.format(pence / 100);

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
