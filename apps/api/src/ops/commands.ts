import fs from 'node:fs';
import type { AppContext } from '../app-context';
import { OPS } from '../entities/audit/actor';
import { breathingSpaceService } from '../features/breathing-space/breathing-space-service';
import { clientErrorsStaff } from '../features/lead-provider/client-errors-staff';
import { closeOfBusinessStaff } from '../features/close-of-business/close-of-business-staff';
import { defaultsReviewStaff } from '../features/close-of-business/defaults-review-staff';
import { oldRulesReviewStaff } from '../features/close-of-business/old-rules-review-staff';
import { creditReportingStaff } from '../features/credit-reporting/credit-reporting-staff';
import type { CreditReferenceAgency } from '../lib/credit-reference/credit-reference-agency';
import { recordDocumentsSent } from '../features/pre-claim/documents-sent';
import { legalStaff } from '../features/pre-claim/legal-staff';
import { decisionReviewsStaff, REVIEW_CHANNELS } from '../features/underwriting/decision-reviews-staff';
import { underwritingStaff } from '../features/underwriting/underwriting-staff';
import { standaloneOutsideServices } from '../lib/outside-services';
import { systemStaff } from '../lib/system-staff';
import { servicingFor, type Servicing } from '../servicing';
import { breathingSpaceArgs } from './breathing-space-args';
import { breathingSpaceEndedLines, breathingSpaceStartedLines } from './breathing-space-format';
import { defaultsReviewLines } from './defaults-format';
import { oldRulesLines } from './old-rules-format';
import { monthlyLines, rejectionLines, sentLines } from './credit-reporting-format';
import { legalArgs } from './legal-args';
import { legalFlaggedLines, legalListLines, legalShownLines, letterClosedLines } from './legal-format';
import { documentsSentLines } from './documents-sent-format';
import { countArg, parseCommand } from './parse';
import { reviewLines } from './reviews-format';
import { closeRunLines, underwritingDecidedLines, waitingLines } from './staff-format';

import { print, usageLine, type Command } from './command-kit';
import { peopleCommands } from './people-commands';

export type { Output } from './command-kit';
export { consoleOutput } from './command-kit';

/** Runs `work` with the back office, its providers served in process when they are the sandboxes. */
async function withServicing(ctx: AppContext, work: (servicing: Servicing) => Promise<void>) {
  const services = await standaloneOutsideServices(ctx);
  try {
    await work(servicingFor(ctx, services));
  } finally {
    await services.close();
  }
}

/** Runs `work` with the credit reference agency: the configured one, or its sandbox served in process. */
async function withAgency(ctx: AppContext, work: (agency: CreditReferenceAgency) => Promise<void>) {
  const services = await standaloneOutsideServices(ctx);
  try {
    await work(services.creditReference);
  } finally {
    await services.close();
  }
}

const usageOf = (name: string) => usageLine(COMMANDS[name]!.usage);

/** `[count]` commands: at most one word, a count. */
const countOnly = (name: string, args: string[]) =>
  countArg(parseCommand(args, usageOf(name), {}, 1).positionals[0], usageOf(name));

/**
 * Staff tasks on the configured database (DATABASE_URL), e.g. `npm run ops -- decisions 50`: a thin
 * client of the staff services, which answer data and record who acted (here always `ops`).
 * Output never includes secrets: tokens and bank details are not stored in clear anyway.
 */
export const COMMANDS: Record<string, Command> = {
  help: {
    usage: 'help',
    summary: 'List the commands.',
    run: async (_ctx, _args, out) => {
      out.line('Usage: npm run ops -- <command> [arguments]\n');
      for (const c of Object.values(COMMANDS)) out.line(`  ${c.usage.padEnd(28)} ${c.summary}`);
    },
  },
  migrate: {
    usage: 'migrate',
    summary: 'Bring the database schema up to date (also done on every start).',
    run: async (_ctx, _args, out) => out.line('Database is up to date.'),
  },
  decisions: {
    usage: 'decisions [count]',
    summary: 'Show the latest lending decisions with their reasons and who made them.',
    run: async (ctx, args, out) => out.table(await systemStaff(ctx).decisions(countOnly('decisions', args))),
  },
  outbox: {
    usage: 'outbox [count]',
    summary: 'Show the latest e-mails and SMS, with their delivery state.',
    run: async (ctx, args, out) => out.table(await systemStaff(ctx).outbox(countOnly('outbox', args))),
  },
  'deliver-outbox': {
    usage: 'deliver-outbox',
    summary: 'Send pending messages now through the configured SMTP / SMS transports.',
    run: async (ctx, args, out) => {
      parseCommand(args, usageOf('deliver-outbox'), {}, 0);
      print(out, await systemStaff(ctx).deliverOutbox(OPS), (d) => [`Delivered ${d.delivered} message(s).`]);
    },
  },
  maintenance: {
    usage: 'maintenance [on|off]',
    summary: 'Show or switch maintenance mode; on signs every customer out. No restart needed.',
    run: async (ctx, args, out) => {
      const [wanted] = parseCommand(args, usageOf('maintenance'), {}, 1).positionals;
      const staff = systemStaff(ctx);
      if (wanted === undefined) {
        out.line(`Maintenance mode is ${(await staff.maintenanceIsOn()) ? 'on' : 'off'}.`);
        return;
      }
      if (wanted !== 'on' && wanted !== 'off')
        throw new Error(`Say on or off, not ${wanted}.\n${usageOf('maintenance')}`);
      print(out, await staff.setMaintenance(wanted === 'on', OPS), (m) => [
        m.on
          ? 'Maintenance mode is on: every session has ended and the API answers 503.'
          : 'Maintenance mode is off.',
      ]);
    },
  },
  'business-date': {
    usage: 'business-date [set yyyy-mm-dd]',
    summary: 'Show the business date, or move it forward (never in production).',
    run: async (ctx, args, out) => {
      const [verb, date, ...rest] = parseCommand(args, usageOf('business-date'), {}, 2).positionals;
      const staff = systemStaff(ctx);
      if (verb === undefined) {
        out.line(`The business date is ${await staff.businessDate()}.`);
      } else if (verb === 'set' && date !== undefined && rest.length === 0) {
        print(out, await staff.setBusinessDate(date, OPS), (d) => [
          `The business date is now ${d.date}. Servers see it within 2 seconds.`,
        ]);
      } else {
        throw new Error(usageOf('business-date'));
      }
    },
  },
  'close-of-business': {
    usage: 'close-of-business [--through yyyy-mm-dd]',
    summary: 'Close every open day up to the day before the business date (or --through, up to it).',
    run: async (ctx, args, out) => {
      const { values } = parseCommand(args, usageOf('close-of-business'), { through: { type: 'string' } }, 0);
      await withServicing(ctx, async ({ closeOfBusiness }) => {
        print(
          out,
          await closeOfBusinessStaff(ctx.db, closeOfBusiness).run(values.through, OPS),
          closeRunLines,
        );
      });
    },
  },
  defaults: {
    usage: 'defaults review',
    summary:
      "List defaults whose default notice's sum was paid by its remedy date (s89), for a person to review.",
    run: async (ctx, args, out) => {
      const [verb] = parseCommand(args, usageOf('defaults'), {}, 1).positionals;
      if (verb !== 'review') throw new Error(`Say review.\n${usageOf('defaults')}`);
      print(out, await defaultsReviewStaff(ctx).review(), defaultsReviewLines);
    },
  },
  notices: {
    usage: 'notices review',
    summary:
      'List every notice given and step taken under servicing rules since corrected (defaults, default notices, Letters of Claim, default fees without a notice, uncounted refinances), for a person to review.',
    run: async (ctx, args, out) => {
      const [verb] = parseCommand(args, usageOf('notices'), {}, 1).positionals;
      if (verb !== 'review') throw new Error(`Say review.\n${usageOf('notices')}`);
      print(out, await oldRulesReviewStaff(ctx).review(), oldRulesLines);
    },
  },
  cra: {
    usage: 'cra monthly --month yyyy-mm --out <file> [--send]|rejections|send|resend <eventId>',
    summary:
      "Credit reference: write the month's snapshot of every account (--send also sends it); list the records the agency rejected; send pending loan events now; make a rejected one again from corrected data and send it.",
    run: async (ctx, args, out) => {
      const { values, positionals } = parseCommand(
        args,
        usageOf('cra'),
        { month: { type: 'string' }, out: { type: 'string' }, send: { type: 'boolean' } },
        2,
      );
      const [verb, eventId] = positionals;
      if (eventId !== undefined && verb !== 'resend') {
        throw new Error(`Unexpected: ${eventId}.\n${usageOf('cra')}`);
      }
      const staff = creditReportingStaff(ctx);
      if (verb !== 'monthly' && (values.month !== undefined || values.out !== undefined || values.send)) {
        throw new Error(`--month, --out and --send go with monthly.\n${usageOf('cra')}`);
      }
      if (verb === 'rejections') {
        print(out, await staff.rejections(), rejectionLines);
      } else if (verb === 'resend') {
        if (!eventId) throw new Error(`Name the event: resend <eventId>.\n${usageOf('cra')}`);
        await withAgency(ctx, async (agency) =>
          print(out, await staff.resend(eventId, agency, OPS), sentLines),
        );
      } else if (verb === 'send') {
        await withAgency(ctx, async (agency) => print(out, await staff.send(agency, OPS), sentLines));
      } else if (verb === 'monthly') {
        const { month, out: file, send } = values;
        if (!month) throw new Error(`Say which month: --month yyyy-mm.\n${usageOf('cra')}`);
        if (!file) throw new Error(`Say where to write the file: --out <file>.\n${usageOf('cra')}`);
        const make = async (agency?: CreditReferenceAgency) => {
          const result = await staff.monthly(month, { agency, actor: OPS });
          if (result.ok) fs.writeFileSync(file, result.value.file);
          print(out, result, (snapshot) => monthlyLines(snapshot, file));
        };
        if (send) await withAgency(ctx, make);
        else await make();
      } else {
        throw new Error(`Say monthly, rejections, send or resend.\n${usageOf('cra')}`);
      }
    },
  },
  'breathing-space': {
    usage: 'breathing-space <appGuid> start [--from yyyy-mm-dd]|end',
    summary:
      'Record a Breathing Space (Debt Respite Scheme): 60 days without interest, fees, CPA or notices; or end it.',
    run: async (ctx, args, out) => {
      // parseArgs in breathing-space-args.ts, with messages that name the application and the action.
      const { guid, verb, from } = breathingSpaceArgs(args);
      const spaces = breathingSpaceService(ctx);
      if (verb === 'start') print(out, await spaces.start(guid, from, OPS), breathingSpaceStartedLines);
      else print(out, await spaces.end(guid, OPS), breathingSpaceEndedLines);
    },
  },
  legal: {
    usage: 'legal list|show <appGuid>|close <appGuid> [--reason "..."]|<appGuid> on|off|documents-sent',
    summary:
      'Pre-claim: flag an account legal (issues the Letter of Claim) or unflag it; list, show, close a letter once its reply is dealt with.',
    run: async (ctx, args, out) => {
      const a = legalArgs(args);
      const staff = legalStaff(ctx);
      switch (a.verb) {
        case 'list':
          return print(out, await staff.list(), legalListLines);
        case 'show':
          return print(out, await staff.show(a.guid), legalShownLines);
        case 'close':
          return print(out, await staff.close(a.guid, a.reason, OPS), letterClosedLines);
        case 'documents-sent':
          return print(out, await recordDocumentsSent(ctx, a.guid, OPS), documentsSentLines);
        default:
          return print(out, await staff.flag(a.guid, a.verb === 'on', OPS), legalFlaggedLines);
      }
    },
  },
  underwriting: {
    usage: 'underwriting list|run|approve <appGuid> --reason "..."|decline <appGuid> --reason "..."',
    summary: 'Signed applications: list those waiting, decide them by the rules, or decide one by hand.',
    run: async (ctx, args, out) => {
      const usage =
        'Usage: npm run ops -- underwriting list | run | approve <appGuid> --reason "..." | decline <appGuid> --reason "..."';
      const { values, positionals } = parseCommand(args, usage, { reason: { type: 'string' } }, 2);
      const [verb, guid] = positionals;
      const handDecision = (verb === 'approve' || verb === 'decline') && guid !== undefined;
      if (!handDecision && (positionals.length !== 1 || values.reason !== undefined)) throw new Error(usage);
      await withServicing(ctx, async ({ underwriting }) => {
        const staff = underwritingStaff(ctx.db, underwriting);
        if (verb === 'list') return print(out, await staff.list(), waitingLines);
        if (verb === 'run') {
          return print(out, await staff.run(OPS), (decided) => [
            `Decided ${decided.length} application(s); open payouts sent or followed up.`,
            ...decided.map((d) => `${d.guid}  ${d.outcome}  ${d.reasons}`),
          ]);
        }
        if (!handDecision) throw new Error(usage);
        const reason = values.reason?.trim();
        if (!reason) throw new Error(`Usage: npm run ops -- underwriting ${verb} <appGuid> --reason "..."`);
        print(out, await staff.decide(guid, verb, reason, OPS), underwritingDecidedLines);
      });
    },
  },
  reviews: {
    usage: 'reviews add <appGuid> --channel <phone|email|letter> --note "..."|list',
    summary:
      'Requests for a person to review an automated decline (UK GDPR Art. 22): record one as it comes in, or list those waiting.',
    run: async (ctx, args, out) => {
      const { values, positionals } = parseCommand(
        args,
        usageOf('reviews'),
        { channel: { type: 'string' }, note: { type: 'string' } },
        2,
      );
      const [verb, guid] = positionals;
      const staff = decisionReviewsStaff(ctx.db);
      if (verb === 'list' && guid === undefined) return print(out, await staff.list(), reviewLines);
      const channel = REVIEW_CHANNELS.find((c) => c === values.channel);
      const note = values.note?.trim();
      if (verb !== 'add' || !guid || !channel || !note || note.length > 500) {
        throw new Error(
          `Say add with an application, its channel and a note of at most 500 characters, or list.\n${usageOf('reviews')}`,
        );
      }
      print(out, await staff.request(guid, channel, note, OPS), reviewLines);
    },
  },
  ...peopleCommands,
  'purge-client-errors': {
    usage: 'purge-client-errors',
    summary: 'Remove browser error reports older than CLIENT_ERRORS_RETENTION_DAYS.',
    run: async (ctx, args, out) => {
      parseCommand(args, usageOf('purge-client-errors'), {}, 0);
      print(out, await clientErrorsStaff(ctx).purge(OPS), (p) => [
        `Removed ${p.removed} browser error report(s) older than ${p.days} days.`,
      ]);
    },
  },
  'client-errors': {
    usage: 'client-errors [count]',
    summary: 'Show the latest errors reported by browsers.',
    run: async (ctx, args, out) =>
      out.table(await clientErrorsStaff(ctx).latest(countOnly('client-errors', args))),
  },
};
