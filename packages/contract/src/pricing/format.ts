import { formatPence, type Pence } from '../money';
import type { RepresentativeExample } from './representative-example';

/*
 * How pricing figures read on a page. Kept apart from the engine (pricing.ts, apr.ts, the dates) so that
 * a page printing figures computed elsewhere (the web app's build-time representative example) carries
 * these few lines and not the engine: this module imports only money.ts, and a type.
 */

/** 1269.7 -> '1,269.7%': an APR to the one decimal place CONC App 1.2.7R asks for. */
export const formatApr = (aprPercent: number) =>
  `${aprPercent.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

/**
 * The fixed rate per year the documents and the representative example print beside the daily rate: the
 * daily rate x 365 (292% for 0.8% a day). Not the APR, which compounds (apr.ts).
 */
export const yearlyRate = (dailyRate: number) => dailyRate * 365;

/** 292 -> '292%', 0.8 -> '0.8%'. */
export const formatRate = (ratePercent: number) =>
  `${ratePercent.toLocaleString('en-GB', { maximumFractionDigits: 3 })}%`;

/** 30000 -> '£300', 1500 -> '£15' (a round amount reads as the spec writes it), 30050 -> '£300.50'. */
export const formatPounds = (pence: Pence) =>
  pence % 100 === 0 ? `£${(pence / 100).toLocaleString('en-GB')}` : formatPence(pence);

/**
 * '3 instalments of £150.00' when they are equal, otherwise each one: 'instalments of £151.42, £151.42
 * and £151.39' (the customer sees the different last payment rather than an average).
 */
export function formatInstalments(instalmentsPence: readonly Pence[]): string {
  const first = instalmentsPence[0];
  if (first === undefined) return '';
  if (instalmentsPence.every((p) => p === first)) {
    return `${instalmentsPence.length} instalment${instalmentsPence.length === 1 ? '' : 's'} of ${formatPence(first)}`;
  }
  const amounts = instalmentsPence.map(formatPence);
  return `instalments of ${amounts.slice(0, -1).join(', ')} and ${amounts[amounts.length - 1]}`;
}

/** The one-sentence example of the home page and footer, in the spec's words with the engine's figures. */
export function representativeSentence(example: RepresentativeExample): string {
  const count = example.instalmentsPence.length;
  return (
    `Borrowing ${formatPounds(example.principalPence)} over ${example.termDays} days in ${count} instalments: ` +
    `interest ${formatPence(example.totalInterestPence)}, total amount payable ` +
    `${formatPence(example.totalRepayablePence)}, ${formatInstalments(example.instalmentsPence)}. ` +
    `Fixed interest rate ${formatRate(example.annualRatePercent)} per year ` +
    `(${formatRate(example.dailyRatePercent)} per day).`
  );
}
