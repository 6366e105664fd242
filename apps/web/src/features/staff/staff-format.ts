import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';

let londonTime: Intl.DateTimeFormat | undefined;

/** An instant as staff read it: London date and time ('28 Nov 2026, 10:42'). */
export const formatInstant = (iso: string) =>
  (londonTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })).format(new Date(iso));

/** How long something has waited, in the largest whole unit: '45 min', '3 h', '2 days'. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} days`;
}

export const money = (pence: number | null) => (pence === null ? '—' : formatPence(pence));

/** A number of monthly instalments, or the one-month short-term loan. */
export const termText = (months: number) => (months <= 1 ? '1 month' : `${months} months`);

const HOLD_WORDS: Record<string, string> = {
  breathingSpace: 'Breathing space',
  legal: 'Legal',
  defaulted: 'Defaulted',
  cardBlocked: 'Card blocked',
  cpaCancelled: 'CPA withdrawn',
};

/** A hold on a loan in a line: what, since when, until when, why. */
export const holdText = (h: { kind: string; since: string; until: string | null; detail: string }) =>
  `${HOLD_WORDS[h.kind] ?? h.kind} since ${h.since.length > 10 ? formatInstant(h.since) : formatDisplayDate(h.since)}` +
  `${h.until ? ` until ${formatDisplayDate(h.until)}` : ''}: ${h.detail}`;
