import type { AppContext } from '../app-context';
import { loadConfig } from '../config';
import { createContext } from '../start';
import { sinceArg } from './since-arg';
import { breathingSpaceArgs } from './breathing-space-args';
import { breathingSpaceService } from '../features/breathing-space/breathing-space-service';
import { legalStaff } from '../features/pre-claim/legal-staff';
import { legalArgs } from './legal-args';
import { clientErrorRepository } from '../features/lead-provider/client-error-repository';
import { partnerStaff, reportSince } from '../features/partner-leads/partner-staff';
import { londonToday } from '@lender/contract/dates';
import { standaloneOutsideServices } from '../lib/outside-services';
import { servicingFor, type Servicing } from '../servicing';

type Command = { usage: string; summary: string; run: (ctx: AppContext, args: string[]) => Promise<void> };

/** Runs `work` with the back office, its providers served in process when they are the sandboxes. */
async function withServicing(ctx: AppContext, work: (servicing: Servicing) => Promise<void>) {
  const services = await standaloneOutsideServices(ctx);
  try {
    await work(servicingFor(ctx, services));
  } finally {
    await services.close();
  }
}

/** The value after `--name`, or undefined; a flag given without its value is a bad argument. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value.`);
  return value;
}

/** `partner report`: the window is in London days, counted back from today's real date (leads' own clock). */
async function reportOf(staff: ReturnType<typeof partnerStaff>, name: string, since: string | undefined) {
  const from = reportSince(since, londonToday(new Date()));
  if (!from) throw new Error('--since takes a number of days (7 is the last 7 days) or a date yyyy-mm-dd.');
  return staff.report(name, from);
}

const limitArg = (args: string[]) => Math.min(Math.max(Number(args[0]) || 20, 1), 500);

/**
 * Staff tasks on the configured database (DATABASE_URL), e.g. `npm run ops -- decisions 50`.
 * Output never includes secrets: tokens and bank details are not stored in clear anyway.
 */
const COMMANDS: Record<string, Command> = {
  help: {
    usage: 'help',
    summary: 'List the commands.',
    run: async () => {
      console.log('Usage: npm run ops -- <command> [arguments]\n');
      for (const c of Object.values(COMMANDS)) console.log(`  ${c.usage.padEnd(28)} ${c.summary}`);
    },
  },
  migrate: {
    usage: 'migrate',
    summary: 'Bring the database schema up to date (also done on every start).',
    run: async () => console.log('Database is up to date.'),
  },
  decisions: {
    usage: 'decisions [count]',
    summary: 'Show the latest lending decisions with their reasons.',
    run: async (ctx, args) => {
      const rows = await ctx.db
        .selectFrom('application_decisions')
        .leftJoin('applications', 'applications.id', 'application_decisions.application_id')
        .select([
          'application_decisions.created_at',
          'application_decisions.kind',
          'application_decisions.reason',
          'applications.guid',
        ])
        .orderBy('application_decisions.id', 'desc')
        .limit(limitArg(args))
        .execute();
      console.table(rows);
    },
  },
  outbox: {
    usage: 'outbox [count]',
    summary: 'Show the latest e-mails and SMS, with their delivery state.',
    run: async (ctx, args) => {
      const rows = await ctx.db
        .selectFrom('outbox')
        .select(['id', 'channel', 'to_address', 'subject', 'created_at', 'sent_at', 'attempts', 'last_error'])
        .orderBy('id', 'desc')
        .limit(limitArg(args))
        .execute();
      console.table(rows);
    },
  },
  'deliver-outbox': {
    usage: 'deliver-outbox',
    summary: 'Send pending messages now through the configured SMTP / SMS transports.',
    run: async (ctx) => console.log(`Delivered ${await ctx.outbox.deliverPending()} message(s).`),
  },
  maintenance: {
    usage: 'maintenance [on|off]',
    summary: 'Show or switch maintenance mode; on signs every customer out. No restart needed.',
    run: async (ctx, args) => {
      const [wanted] = args;
      if (wanted === 'on' || wanted === 'off') {
        await ctx.maintenance.set(wanted === 'on');
        console.log(
          wanted === 'on'
            ? 'Maintenance mode is on: every session has ended and the API answers 503.'
            : 'Maintenance mode is off.',
        );
      } else if (wanted === undefined) {
        console.log(`Maintenance mode is ${(await ctx.maintenance.isOn()) ? 'on' : 'off'}.`);
      } else {
        throw new Error('Usage: npm run ops -- maintenance [on|off]');
      }
    },
  },
  'business-date': {
    usage: 'business-date [set yyyy-mm-dd]',
    summary: 'Show the business date, or move it forward (never in production).',
    run: async (ctx, args) => {
      const [verb, date] = args;
      if (verb === undefined) {
        console.log(`The business date is ${await ctx.businessDate.refresh(true)}.`);
      } else if (verb === 'set' && date !== undefined && args.length === 2) {
        console.log(
          `The business date is now ${await ctx.businessDate.set(date)}. Servers see it within 2 seconds.`,
        );
      } else {
        throw new Error('Usage: npm run ops -- business-date [set yyyy-mm-dd]');
      }
    },
  },
  'close-of-business': {
    usage: 'close-of-business [--through yyyy-mm-dd]',
    summary: 'Close every open day up to the day before the business date (or --through, up to it).',
    run: async (ctx, args) => {
      const through = option(args, 'through');
      if (args.length !== (through === undefined ? 0 : 2)) {
        throw new Error('Usage: npm run ops -- close-of-business [--through yyyy-mm-dd]');
      }
      await withServicing(ctx, async ({ closeOfBusiness }) => {
        const days = await closeOfBusiness.closeThrough(through);
        if (days.length === 0) {
          const last = await closeOfBusiness.lastClosed();
          console.log(
            last
              ? `Nothing to close: every day through ${last} is closed.`
              : 'Nothing to close: no loan has been paid out yet.',
          );
        }
        for (const d of days) {
          console.log(
            d.skipped
              ? `${d.date}: already closed.`
              : `${d.date}: closed ${d.loans} loan(s); ${d.collected} instalment(s) collected, ${d.declined} declined.`,
          );
        }
      });
    },
  },
  'breathing-space': {
    usage: 'breathing-space <appGuid> start [--from yyyy-mm-dd]|end',
    summary:
      'Record a Breathing Space (Debt Respite Scheme): 60 days without interest, fees, CPA or notices; or end it.',
    run: async (ctx, args) => {
      const { guid, verb, from } = breathingSpaceArgs(args);
      const spaces = breathingSpaceService(ctx);
      const outcome = verb === 'start' ? await spaces.start(guid, from) : await spaces.end(guid);
      if (!outcome.ok) throw new Error(outcome.message);
      for (const line of outcome.lines) console.log(line);
    },
  },
  legal: {
    usage: 'legal list|show <appGuid>|close <appGuid> [--reason "..."]|<appGuid> on|off',
    summary:
      'Pre-claim: flag an account legal (issues the Letter of Claim) or unflag it; list, show, close a letter once its reply is dealt with.',
    run: async (ctx, args) => {
      const a = legalArgs(args);
      const staff = legalStaff(ctx);
      const outcome =
        a.verb === 'list'
          ? await staff.list()
          : a.verb === 'show'
            ? await staff.show(a.guid)
            : a.verb === 'close'
              ? await staff.close(a.guid, a.reason)
              : await staff.flag(a.guid, a.verb === 'on');
      if (!outcome.ok) throw new Error(outcome.message);
      for (const line of outcome.lines) console.log(line);
    },
  },
  underwriting: {
    usage: 'underwriting list|run|approve <appGuid> --reason "..."|decline <appGuid> --reason "..."',
    summary: 'Signed applications: list those waiting, decide them by the rules, or decide one by hand.',
    run: async (ctx, args) => {
      const [verb, guid] = args;
      await withServicing(ctx, async ({ underwriting }) => {
        if (verb === 'list' && args.length === 1) {
          const pending = await underwriting.pending();
          console.log(`${pending.length} application(s) waiting for a decision.`);
          for (const a of pending) {
            console.log(
              `${a.guid}  ${a.statusId === 48 ? 'referred to a person' : 'waiting for the rules'}  ${a.email}`,
            );
          }
        } else if (verb === 'run' && args.length === 1) {
          const decided = await underwriting.run();
          console.log(`Decided ${decided.length} application(s); open payouts sent or followed up.`);
          for (const d of decided) console.log(`${d.guid}  ${d.outcome}  ${d.reasons}`);
        } else if ((verb === 'approve' || verb === 'decline') && guid && args.length === 4) {
          const reason = option(args, 'reason')?.trim();
          if (!reason) throw new Error(`Usage: npm run ops -- underwriting ${verb} <appGuid> --reason "..."`);
          const done = await underwriting.decideByHand(guid, verb, reason);
          if (!done)
            throw new Error(`${guid} is not waiting for underwriting (unknown, or already decided).`);
          console.log(
            `${guid} ${verb === 'approve' ? 'approved: the payout is on its way' : 'declined: the customer is told why by e-mail'}.`,
          );
        } else {
          throw new Error(
            'Usage: npm run ops -- underwriting list | run | approve <appGuid> --reason "..." | decline <appGuid> --reason "..."',
          );
        }
      });
    },
  },
  partner: {
    usage:
      'partner add <name> [--tier <tierName>]|list|revoke <name>|report <name> [--since <days>|yyyy-mm-dd]',
    summary:
      'Lead partners (issue 29): add one (prints its API key once), list them, revoke a key, or show the funnel per day.',
    run: async (ctx, args) => {
      const usage =
        'Usage: npm run ops -- partner add <name> [--tier <tierName>] | list | revoke <name> | report <name> [--since <days>|yyyy-mm-dd]';
      const [verb, name] = args;
      const staff = partnerStaff(ctx);
      const tier = option(args, 'tier');
      const since = option(args, 'since');
      const outcome =
        verb === 'add' && name && !name.startsWith('--') && args.length === (tier === undefined ? 2 : 4)
          ? await staff.add(name, tier ?? null)
          : verb === 'list' && args.length === 1
            ? await staff.list()
            : verb === 'revoke' && name && args.length === 2
              ? await staff.revoke(name)
              : verb === 'report' &&
                  name &&
                  !name.startsWith('--') &&
                  args.length === (since === undefined ? 2 : 4)
                ? await reportOf(staff, name, since)
                : null;
      if (!outcome) throw new Error(usage);
      if (!outcome.ok) throw new Error(outcome.message);
      for (const line of outcome.lines) console.log(line);
    },
  },
  'security-events': {
    usage: 'security-events [--since 1h]',
    summary: 'Show sign-ins, locks, resets, contact changes and refusals (newest first).',
    run: async (ctx, args) => {
      const since = sinceArg(args);
      const rows = await ctx.security.since(since.toISOString());
      console.log(`${rows.length} security event(s) since ${since.toISOString()}:`);
      if (rows.length) console.table(rows);
    },
  },
  'purge-client-errors': {
    usage: 'purge-client-errors',
    summary: 'Remove browser error reports older than CLIENT_ERRORS_RETENTION_DAYS.',
    run: async (ctx) => {
      const days = ctx.config.CLIENT_ERRORS_RETENTION_DAYS;
      const before = new Date(Date.now() - days * 86_400_000).toISOString();
      const removed = await clientErrorRepository(ctx.db).purgeBefore(before);
      console.log(`Removed ${removed} browser error report(s) older than ${days} days.`);
    },
  },
  'client-errors': {
    usage: 'client-errors [count]',
    summary: 'Show the latest errors reported by browsers.',
    run: async (ctx, args) => {
      const rows = await ctx.db
        .selectFrom('client_errors')
        .select(['created_at', 'url', 'message'])
        .orderBy('id', 'desc')
        .limit(limitArg(args))
        .execute();
      console.table(rows.map((r) => ({ ...r, message: r.message.slice(0, 120) })));
    },
  },
};

async function main() {
  const [name = 'help', ...args] = process.argv.slice(2);
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}. Try: npm run ops -- help`);
    process.exit(2);
  }
  if (name === 'help') return command.run(undefined as never, args);
  const ctx = await createContext(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
  try {
    await command.run(ctx, args);
  } finally {
    await ctx.db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
