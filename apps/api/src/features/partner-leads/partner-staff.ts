import { addDays, isIsoDate, londonToday, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/unique-violation';
import { dailyRateRule } from '../../entities/applications/daily-rate';
import { partnerKeyHash } from '../../entities/partner-leads/partner-credential';
import { newPartnerKey, partnerKeyHint } from './partner-key';
import { partnerRepository, type Partner } from '../../entities/partner-leads/partner-repository';
import type { Actor } from '../../entities/audit/actor';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export type PartnerAdded = {
  name: string;
  tierName: string | null;
  /** Shown once: only its hash is kept. */
  key: string;
  /** The daily rate its leads are priced at, in percent. */
  ratePercent: number;
  /** A tier named that PROVIDER_TIERS does not know: the standard price applies. */
  unknownTier: boolean;
  by: Actor;
};
export type PartnerRevoked = { name: string; already: boolean; revokedAt: string | null; by: string | null };
export type PartnerReport = {
  name: string;
  tierName: string | null;
  since: IsoDate;
  days: ({ date: IsoDate } & DayCounts)[];
  total: DayCounts;
  /**
   * The window's declines by their reason (issue 45 item 2: the partner is answered one neutral decline;
   * the reason is kept for the decision record and these counts), most frequent first.
   */
  declinedBy: { reason: string; count: number }[];
};

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

export const REPORT_COLUMNS = [
  'leads',
  'accepted',
  'declined',
  'landed',
  'submitted',
  'funded',
  'events',
] as const;
export type DayCounts = Record<(typeof REPORT_COLUMNS)[number], number>;

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
    async add(name: string, tierName: string | null, actor: Actor): Promise<StaffResult<PartnerAdded>> {
      if (!NAME.test(name)) return refused(NAME_RULE);
      if (tierName !== null && !NAME.test(tierName))
        return refused(`A tier name follows the same rule. ${NAME_RULE}`);
      if (await partners.findByName(name)) return refused(`A partner named ${name} exists already.`);
      const key = newPartnerKey();
      try {
        await partners.insert({
          name,
          tierName,
          keyHash: partnerKeyHash(key),
          keyHint: partnerKeyHint(key),
          createdBy: actor,
        });
      } catch (err) {
        // Added by someone else between the look-up and the insert.
        if (isUniqueViolation(err)) return refused(`A partner named ${name} exists already.`);
        throw err;
      }
      return done({
        name,
        tierName,
        key,
        ratePercent: rateFor(tierName) * 100,
        unknownTier: Boolean(tierName) && rateFor(tierName) === rateFor(null),
        by: actor,
      });
    },

    /** Every partner, its key's last characters only. */
    list: async (): Promise<StaffResult<Partner[]>> => done(await partners.list()),

    async revoke(name: string, actor: Actor): Promise<StaffResult<PartnerRevoked>> {
      const partner = await partners.findByName(name);
      if (!partner) return refused(`There is no partner ${name}.`);
      if (!(await partners.revoke(name, actor))) {
        const first = await partners.findByName(name);
        return done({
          name,
          already: true,
          revokedAt: first?.revokedAt ?? null,
          by: first?.revokedBy ?? null,
        });
      }
      return done({ name, already: false, revokedAt: null, by: actor });
    },

    /**
     * The funnel brokers are paid on, per London day from `since`: leads received (accepted, declined),
     * landings, submissions, loans paid out, and landing-page events. Each count is on the day its own
     * step happened, so a lead of Monday landed on Tuesday counts on both days.
     */
    async report(name: string, since: IsoDate): Promise<StaffResult<PartnerReport>> {
      const partner = await partners.findByName(name);
      if (!partner) return refused(`There is no partner ${name}.`);
      // A day early in UTC: every instant of the London day `since` is after it. Exact days are cut below.
      const from = `${addDays(since, -1)}T00:00:00.000Z`;
      const leads = await db
        .selectFrom('partner_leads')
        .select(['created_at', 'decision', 'reason', 'landed_at', 'submitted_at'])
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
      const reasons = new Map<string, number>();
      for (const lead of leads) {
        const day = at(lead.created_at);
        if (lead.decision !== 'accepted' && day !== null && day >= since) {
          const reason = lead.reason ?? 'unknown';
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
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
      return done({
        name,
        tierName: partner.tierName,
        since,
        days: dates.map((date) => ({ date, ...days.get(date)! })),
        total,
        declinedBy: [...reasons]
          .map(([reason, n]) => ({ reason, count: n }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      });
    },
  };
}
