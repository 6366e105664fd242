import { isIsoDate, londonToday } from '@lender/contract/dates';
import { OPS } from '../entities/audit/actor';
import { partnerStaff, reportSince } from '../features/partner-leads/partner-staff';
import { complaintsRegister } from '../features/staff-complaints/complaints';
import { staffAccountsStaff } from '../features/staff/staff-accounts-staff';
import { systemStaff } from '../lib/system-staff';
import { print, usageLine, type Command } from './command-kit';
import { complaintsReportLines } from './complaints-format';
import { parseCommand } from './parse';
import {
  partnerAddedLines,
  partnerListLines,
  partnerReportLines,
  partnerRevokedLines,
} from './partner-format';
import { sinceArg } from './since-arg';
import {
  staffDisabledLines,
  staffInvitedLines,
  staffListLines,
  staffRoleLines,
} from './staff-accounts-format';
import { auditLines } from './staff-format';

const STAFF_USAGE =
  'staff add <email> --role <role> [--name "..."]|reinvite <email>|list|disable <email>|role <email> <role>';
const COMPLAINTS_USAGE = 'complaints report --from yyyy-mm-dd --to yyyy-mm-dd';

/** `--since 1h`-style commands. */
const sinceOnly = (usage: string, args: string[]) => {
  const { values } = parseCommand(args, usageLine(usage), { since: { type: 'string' } }, 0);
  return sinceArg(values.since, usageLine(usage));
};

/**
 * The commands about people and their records: partners, staff accounts, security events and the audit,
 * the complaints return. Part of `npm run ops` (commands.ts).
 */
export const peopleCommands: Record<string, Command> = {
  partner: {
    usage:
      'partner add <name> [--tier <tierName>]|list|revoke <name>|report <name> [--since <days>|yyyy-mm-dd]',
    summary:
      'Lead partners (issue 29): add one (prints its API key once), list them, revoke a key, or show the funnel per day.',
    run: async (ctx, args, out) => {
      const usage =
        'Usage: npm run ops -- partner add <name> [--tier <tierName>] | list | revoke <name> | report <name> [--since <days>|yyyy-mm-dd]';
      const { values, positionals } = parseCommand(
        args,
        usage,
        { tier: { type: 'string' }, since: { type: 'string' } },
        2,
      );
      const [verb, name] = positionals;
      const staff = partnerStaff(ctx);
      const only = (...allowed: ('tier' | 'since')[]) =>
        (['tier', 'since'] as const).every((f) => allowed.includes(f) || values[f] === undefined);
      if (verb === 'add' && name && only('tier')) {
        return print(out, await staff.add(name, values.tier ?? null, OPS), partnerAddedLines);
      }
      if (verb === 'list' && !name && only()) return print(out, await staff.list(), partnerListLines);
      if (verb === 'revoke' && name && only())
        return print(out, await staff.revoke(name, OPS), partnerRevokedLines);
      if (verb === 'report' && name && only('since')) {
        // The window is in London days, counted back from today's real date (leads' own clock).
        const from = reportSince(values.since, londonToday(new Date()));
        if (!from)
          throw new Error('--since takes a number of days (7 is the last 7 days) or a date yyyy-mm-dd.');
        return print(out, await staff.report(name, from), partnerReportLines);
      }
      throw new Error(usage);
    },
  },
  staff: {
    usage: STAFF_USAGE,
    summary:
      'Staff accounts (issue 48): invite a member (e-mails a single-use link, 24 hours, and prints the invitation code to give them by phone or in person), invite again one not yet enrolled, list them, disable one (ends their sessions), change a role.',
    run: async (ctx, args, out) => {
      const { values, positionals } = parseCommand(
        args,
        usageLine(STAFF_USAGE),
        { role: { type: 'string' }, name: { type: 'string' } },
        3,
      );
      const [verb, email, role] = positionals;
      const staff = staffAccountsStaff(ctx);
      const noOptions = values.role === undefined && values.name === undefined;
      if (verb === 'add' && email && role === undefined) {
        if (!values.role) throw new Error(`Say the role: --role <role>.\n${usageLine(STAFF_USAGE)}`);
        return print(out, await staff.add(email, values.role, values.name ?? null, OPS), staffInvitedLines);
      }
      if (verb === 'reinvite' && email && role === undefined && noOptions) {
        return print(out, await staff.reinvite(email, OPS), staffInvitedLines);
      }
      if (verb === 'list' && !email && noOptions) return print(out, await staff.list(), staffListLines);
      if (verb === 'disable' && email && role === undefined && noOptions) {
        return print(out, await staff.disable(email, OPS), staffDisabledLines);
      }
      if (verb === 'role' && email && role && noOptions) {
        return print(out, await staff.setRole(email, role, OPS), staffRoleLines);
      }
      throw new Error(usageLine(STAFF_USAGE));
    },
  },
  'security-events': {
    usage: 'security-events [--since 1h]',
    summary: 'Show sign-ins, locks, resets, contact changes and refusals (newest first), and staff actions.',
    run: async (ctx, args, out) => {
      const since = sinceOnly('security-events [--since 1h]', args);
      const staff = systemStaff(ctx);
      const rows = await staff.securityEvents(since);
      out.line(`${rows.length} security event(s) since ${since.toISOString()}:`);
      if (rows.length) out.table(rows);
      for (const line of auditLines(await staff.auditSince(since), since)) out.line(line);
    },
  },
  audit: {
    usage: 'audit [--since 1h]',
    summary: 'Show staff actions with who did them (newest first): flags, maintenance, business date, runs.',
    run: async (ctx, args, out) => {
      const since = sinceOnly('audit [--since 1h]', args);
      for (const line of auditLines(await systemStaff(ctx).auditSince(since), since)) out.line(line);
    },
  },
  complaints: {
    usage: COMPLAINTS_USAGE,
    summary:
      "The complaints return's counts for a period (a half year): opened, closed, upheld, how fast, by category.",
    run: async (ctx, args, out) => {
      const { values, positionals } = parseCommand(
        args,
        usageLine(COMPLAINTS_USAGE),
        { from: { type: 'string' }, to: { type: 'string' } },
        1,
      );
      if (positionals[0] !== 'report') throw new Error(`Say report.\n${usageLine(COMPLAINTS_USAGE)}`);
      const { from, to } = values;
      const date = (d: string | undefined): d is string =>
        !!d && /^\d{4}-\d{2}-\d{2}$/.test(d) && isIsoDate(d);
      if (!date(from) || !date(to) || from > to) {
        throw new Error(
          `Give the period as --from and --to, yyyy-mm-dd, in order.\n${usageLine(COMPLAINTS_USAGE)}`,
        );
      }
      for (const line of complaintsReportLines(await complaintsRegister(ctx).report(from, to, OPS, null))) {
        out.line(line);
      }
    },
  },
};
