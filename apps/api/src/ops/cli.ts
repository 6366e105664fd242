import type { AppContext } from '../app-context';
import { loadConfig } from '../config';
import { createContext } from '../start';
import { sinceArg } from './since-arg';
import { clientErrorRepository } from '../features/lead-provider/client-error-repository';

type Command = { usage: string; summary: string; run: (ctx: AppContext, args: string[]) => Promise<void> };

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
