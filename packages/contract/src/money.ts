/** Money is integer pence everywhere; pounds appear only at the edge. */
export type Pence = number;

export const poundsToPence = (pounds: number): Pence => Math.round(pounds * 100);
export const penceToPounds = (pence: Pence): number => pence / 100;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** 15057 -> '£150.57'. */
export const formatPence = (pence: Pence): string => gbp.format(pence / 100);
