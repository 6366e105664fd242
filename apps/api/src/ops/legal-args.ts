import { guidArg, parseCommand, usageError } from './parse';

export const LEGAL_USAGE =
  'Usage: npm run ops -- legal list | legal show <appGuid> | legal close <appGuid> [--reason "..."] | legal <appGuid> on|off|documents-sent';

export type LegalArgs =
  | { verb: 'list' }
  | { verb: 'show'; guid: string }
  | { verb: 'close'; guid: string; reason: string }
  | { verb: 'on' | 'off'; guid: string }
  | { verb: 'documents-sent'; guid: string };

/** `legal`'s arguments (node:util parseArgs); anything else throws the usage, with what was wrong. */
export function legalArgs(args: readonly string[]): LegalArgs {
  const { values, positionals } = parseCommand(args, LEGAL_USAGE, { reason: { type: 'string' } }, 2);
  const fail = (why: string): never => {
    throw usageError(why, LEGAL_USAGE);
  };
  const [first, second] = positionals;
  // --reason is a closing's only: elsewhere it would be dropped without a word.
  const withoutReason = <T>(parsed: T): T =>
    values.reason === undefined ? parsed : fail('--reason goes with legal close only.');
  if (first === undefined) return fail('Name an action: list, show, close, or an application and on or off.');
  if (first === 'list') {
    if (second !== undefined) fail(`Unexpected: ${second}.`);
    return withoutReason({ verb: 'list' });
  }
  if (first === 'show') return withoutReason({ verb: 'show', guid: guidArg(second, LEGAL_USAGE) });
  if (first === 'close') {
    const guid = guidArg(second, LEGAL_USAGE);
    if (values.reason === undefined) return { verb: 'close', guid, reason: 'Closed by staff.' };
    const reason = values.reason.trim();
    return reason ? { verb: 'close', guid, reason } : fail('--reason needs the reason in words.');
  }
  const guid = guidArg(first, LEGAL_USAGE);
  // The documents a Reply Form asked for went out today: the 30 days before a claim count from now.
  if (second === 'documents-sent') return withoutReason({ verb: second, guid });
  if (second !== 'on' && second !== 'off') {
    return fail(second === undefined ? 'Say on or off.' : `Unknown action: ${second}. Use on or off.`);
  }
  return withoutReason({ verb: second, guid });
}
