import { addDays, isIsoDate, londonToday, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/unique-violation';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import { newPartnerKey, partnerKeyHash, partnerKeyHint } from './partner-key';
import { partnerRepository } from '../../entities/partner-leads/partner-repository';

export type StaffOutcome = { ok: true; lines: string[] } | { ok: false; message: string };

const done = (...lines: string[]): StaffOutcome => ({ ok: true, lines });
const refused = (message: string): StaffOutcome => ({ ok: false, message });

/** A partner's name: it is also their leads' `source` (`partner:<name>`), so plain and short. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/;
const NAME_RULE = 'A partner name is 1 to 50 letters, digits, dots, dashes or underscores.';

export const DEFAULT_REPORT_DAYS = 30;

/** `--since 7` (the last 7 London days, today included) or `--since yyyy-mm-dd`; null when neither. */
export function reportSince(value: string | undefined, today: IsoDate): IsoDate | null {
  if (value === undefined) return addDays(today, 1 - DEFAULT_REPORT_DAYS);
  if (/^\d{1,4}$/.test(value) && Number(value) >= 1) return addDays(today, 1 - Number(value));
  return isIsoDate(value) ? value : null;
}

const REPORT_COLUMNS = ['leads', 'accepted', 'declined', 'landed', 'submitted', 'funded', 'events'] as const;
type DayCounts = Record<(typeof REPORT_COLUMNS)[number], number>;

/** The London date of a stored instant (ISO UTC): the day a broker's statement counts it on. */
const londonDateOfInstant = (iso: string) => londonToday(new Date(iso));

/**
 * What staff do with partners (`npm run ops -- partner`, issue 29): add one (its key is printed once and
 * kept only as a hash), list them, revoke one, and report a partner's funnel per day.
 */
export function partnerStaff(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  const partners = partnerRepository(db);
  const rateFor = dailyRateRule(ctx.config);

  return {
    async add(name: string, tierName: string | null): Promise<StaffOutcome> {
      if (!NAME.test(name)) return refused(NAME_RULE);
      if (tierName !== null && !NAME.test(tierName))
        return refused(`A tier name follows the same rule. ${NAME_RULE}`);
      if (await partners.findByName(name)) return refused(`A partner named ${name} exists already.`);
      const key = newPartnerKey();
      try {
        await partners.insert({ name, tierName, keyHash: partnerKeyHash(key), keyHint: partnerKeyHint(key) });
      } catch (err) {
        // Added by someone else between the look-up and the insert.
        if (isUniqueViolation(err)) return refused(`A partner named ${name} exists already.`);
        throw err;
      }
      const rate = (rateFor(tierName) * 100).toFixed(1);
      return done(
        `Partner ${name} added${tierName ? ` at tier ${tierName}` : ''}: its leads are priced at ${rate}% a day` +
          (tierName && rateFor(tierName) === rateFor(null) ? ' (the tier is not in PROVIDER_TIERS).' : '.'),
        `key: ${key}`,
        'Give the key to the partner now: only its hash is kept, so it cannot be shown again. It works at once.',
      );
    },

    async list(): Promise<StaffOutcome> {
      const all = await partners.list();
      const rows = all.map((p) => [
        p.name,
        p.tierName ?? '-',
        `...${p.keyHint}`,
        p.createdAt,
        p.revokedAt ?? '-',
      ]);
      return done(`${all.length} partner(s).`, ...table(['name', 'tier', 'key', 'created', 'revoked'], rows));
    },

    async revoke(name: string): Promise<StaffOutcome> {
      const partner = await partners.findByName(name);
      if (!partner) return refused(`There is no partner ${name}.`);
      if (!(await partners.revoke(name))) {
        const revokedAt = (await partners.findByName(name))?.revokedAt;
        return done(`Partner ${name} was revoked already (${revokedAt}).`);
      }
      return done(
        `Partner ${name} revoked: its key answers 401 from now on. Add it again under a new name for a new key.`,
      );
    },

    /**
     * The funnel brokers are paid on, per London day from `since`: leads received (accepted, declined),
     * landings, submissions, loans paid out, and landing-page events. Each count is on the day its own
     * step happened, so a lead of Monday landed on Tuesday counts on both days.
     */
    async report(name: string, since: IsoDate): Promise<StaffOutcome> {
      const partner = await partners.findByName(name);
      if (!partner) return refused(`There is no partner ${name}.`);
      // A day early in UTC: every instant of the London day `since` is after it. Exact days are cut below.
      const from = `${addDays(since, -1)}T00:00:00.000Z`;
      const leads = await db
        .selectFrom('partner_leads')
        .select(['created_at', 'decision', 'landed_at', 'submitted_at'])
        .where('partner_id', '=', partner.id)
        .where((eb) =>
          eb.or([eb('created_at', '>=', from), eb('landed_at', '>=', from), eb('submitted_at', '>=', from)]),
        )
        .execute();
      // A loan's funded_on is already a (business) date.
      const funded = await db
        .selectFrom('loans')
        .innerJoin('partner_leads', 'partner_leads.application_id', 'loans.application_id')
        .select('loans.funded_on')
        .where('partner_leads.partner_id', '=', partner.id)
        .where('loans.funded_on', '>=', since)
        .execute();
      const events = await db
        .selectFrom('lead_events')
        .innerJoin('partner_leads', 'partner_leads.id', 'lead_events.lead_id')
        .select('lead_events.created_at')
        .where('partner_leads.partner_id', '=', partner.id)
        .where('lead_events.created_at', '>=', from)
        .execute();

      const days = new Map<IsoDate, DayCounts>();
      const count = (date: IsoDate | null, column: keyof DayCounts) => {
        if (date === null || date < since) return;
        const day = days.get(date) ?? (Object.fromEntries(REPORT_COLUMNS.map((c) => [c, 0])) as DayCounts);
        day[column] += 1;
        days.set(date, day);
      };
      const at = (iso: string | null) => (iso ? londonDateOfInstant(iso) : null);
      for (const lead of leads) {
        count(at(lead.created_at), 'leads');
        count(at(lead.created_at), lead.decision === 'accepted' ? 'accepted' : 'declined');
        count(at(lead.landed_at), 'landed');
        count(at(lead.submitted_at), 'submitted');
      }
      for (const loan of funded) count(loan.funded_on, 'funded');
      for (const event of events) count(at(event.created_at), 'events');

      const dates = [...days.keys()].sort();
      const total = Object.fromEntries(
        REPORT_COLUMNS.map((c) => [c, dates.reduce((sum, d) => sum + days.get(d)![c], 0)]),
      ) as DayCounts;
      const rows = [
        ...dates.map((d) => [d, ...REPORT_COLUMNS.map((c) => String(days.get(d)![c]))]),
        ['total', ...REPORT_COLUMNS.map((c) => String(total[c]))],
      ];
      return done(
        `Partner ${name}${partner.tierName ? ` (tier ${partner.tierName})` : ''}: leads since ${since}, by Europe/London date.`,
        ...table(['date', ...REPORT_COLUMNS], rows),
      );
    },
  };
}

/** Columns padded to their widest cell: readable in a terminal and easy to read back in a test. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
