import type { Partner } from '../entities/partner-leads/partner-repository';
import {
  REPORT_COLUMNS,
  type PartnerAdded,
  type PartnerReport,
  type PartnerRevoked,
} from '../features/partner-leads/partner-staff';

/** `ops partner add`: the key alone on its line (e2e and people copy it from there), printed this once. */
export const partnerAddedLines = (a: PartnerAdded) => [
  `Partner ${a.name} added${a.tierName ? ` at tier ${a.tierName}` : ''}: its leads are priced at ${a.ratePercent.toFixed(1)}% a day` +
    (a.unknownTier ? ' (the tier is not in PROVIDER_TIERS).' : '.'),
  `key: ${a.key}`,
  'Give the key to the partner now: only its hash is kept, so it cannot be shown again. It works at once.',
];

/** `ops partner list`: who added and who revoked each one too. */
export const partnerListLines = (all: readonly Partner[]) => [
  `${all.length} partner(s).`,
  ...table(
    ['name', 'tier', 'key', 'created', 'revoked', 'added by', 'revoked by'],
    all.map((p) => [
      p.name,
      p.tierName ?? '-',
      `...${p.keyHint}`,
      p.createdAt,
      p.revokedAt ?? '-',
      p.createdBy,
      p.revokedBy ?? '-',
    ]),
  ),
];

/** `ops partner revoke`. */
export const partnerRevokedLines = (r: PartnerRevoked) => [
  r.already
    ? `Partner ${r.name} was revoked already (${r.revokedAt}${r.by ? `, by ${r.by}` : ''}).`
    : `Partner ${r.name} revoked: its key answers 401 from now on. Add it again under a new name for a new key.`,
];

/** `ops partner report`: one line per London day, then the totals. */
export const partnerReportLines = (r: PartnerReport) => [
  `Partner ${r.name}${r.tierName ? ` (tier ${r.tierName})` : ''}: leads since ${r.since}, by Europe/London date.`,
  ...table(
    ['date', ...REPORT_COLUMNS],
    [
      ...r.days.map((d) => [d.date, ...REPORT_COLUMNS.map((c) => String(d[c]))]),
      ['total', ...REPORT_COLUMNS.map((c) => String(r.total[c]))],
    ],
  ),
  // The reasons stay with staff: the partner was answered one neutral decline for each.
  `Declined by reason: ${r.declinedBy.length === 0 ? 'none' : r.declinedBy.map((d) => `${d.reason} ${d.count}`).join(', ')}.`,
];

/** Columns padded to their widest cell: readable in a terminal and easy to read back in a test. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
