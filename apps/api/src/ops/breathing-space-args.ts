import { isIsoDate } from '@lender/contract/dates';

export const BREATHING_SPACE_USAGE =
  'Usage: npm run ops -- breathing-space <appGuid> start [--from yyyy-mm-dd] | breathing-space <appGuid> end';

export type BreathingSpaceArgs = { guid: string; verb: 'start' | 'end'; from?: string };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `breathing-space`'s arguments; anything else throws the usage, with what was wrong. */
export function breathingSpaceArgs(args: readonly string[]): BreathingSpaceArgs {
  const [guid, verb, flag, from, ...rest] = args;
  const fail = (why: string): never => {
    throw new Error(`${why}\n${BREATHING_SPACE_USAGE}`);
  };
  if (guid === undefined || verb === undefined) return fail('Name the application and start or end.');
  if (!GUID.test(guid)) return fail(`Not an application guid: ${guid}.`);
  if (verb !== 'start' && verb !== 'end') return fail(`Unknown action: ${verb}. Use start or end.`);
  if (rest.length > 0 || (flag !== undefined && (verb !== 'start' || flag !== '--from'))) {
    return fail(`Unexpected: ${args.slice(2).join(' ')}.`);
  }
  if (flag !== undefined && (from === undefined || !isIsoDate(from))) {
    return fail(`--from needs a date as yyyy-mm-dd${from === undefined ? '' : `, not ${from}`}.`);
  }
  return from === undefined ? { guid, verb } : { guid, verb, from };
}
