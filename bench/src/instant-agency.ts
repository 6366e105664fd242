import type { CreditReferenceAgency } from '../../apps/api/src/lib/credit-reference/credit-reference-agency';

/**
 * A credit reference agency that accepts every record at once, without a round trip or a row of its own:
 * with the instant card provider, for measuring the lender's own share of a due day (deriving the day's
 * loan events, storing them, marking them sent). Against the built-in sandbox the bench's worker also
 * does the agency's work (its HTTP handling and validation, its stored copy of every record) on the same
 * two cores, which an agency does on its own machines. Only the bench uses it; nothing in the app can.
 */
const onlyRecords = { outcome: 'unavailable', reason: 'The instant agency only takes records.' } as const;

export const instantAgency: CreditReferenceAgency = {
  search: () => Promise.resolve(onlyRecords),
  agencyParticulars: () => Promise.resolve(onlyRecords),
  submitMonthly: () => Promise.resolve(onlyRecords),
  submit: (records) =>
    Promise.resolve({
      outcome: 'receipt',
      receiptId: `instant-${records.length}-${Date.now()}`,
      accepted: records.length,
      rejected: [],
    }),
};
