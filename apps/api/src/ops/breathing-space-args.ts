import { isIsoDate } from '@lender/contract/dates';
import { guidArg, parseCommand, usageError } from './parse';

export const BREATHING_SPACE_USAGE =
  'Usage: npm run ops -- breathing-space <appGuid> start [--from yyyy-mm-dd] | breathing-space <appGuid> end';

export type BreathingSpaceArgs = { guid: string; verb: 'start' | 'end'; from?: string };

/** `breathing-space`'s arguments (node:util parseArgs); anything else throws the usage, with what was wrong. */
export function breathingSpaceArgs(args: readonly string[]): BreathingSpaceArgs {
  const { values, positionals } = parseCommand(args, BREATHING_SPACE_USAGE, { from: { type: 'string' } }, 2);
  const fail = (why: string): never => {
    throw usageError(why, BREATHING_SPACE_USAGE);
  };
  const [given, verb] = positionals;
  if (given === undefined || verb === undefined) return fail('Name the application and start or end.');
  const guid = guidArg(given, BREATHING_SPACE_USAGE);
  if (verb !== 'start' && verb !== 'end') return fail(`Unknown action: ${verb}. Use start or end.`);
  const { from } = values;
  if (from === undefined) return { guid, verb };
  if (verb !== 'start')
    return fail(
      `Unexpected: --from ${from}. A breathing space starts from a date; it ends on the business date.`,
    );
  if (!isIsoDate(from)) return fail(`--from needs a date as yyyy-mm-dd, not ${from}.`);
  return { guid, verb, from };
}
