export const LEGAL_USAGE =
  'Usage: npm run ops -- legal list | legal show <appGuid> | legal close <appGuid> [--reason "..."] | legal <appGuid> on|off';

export type LegalArgs =
  | { verb: 'list' }
  | { verb: 'show'; guid: string }
  | { verb: 'close'; guid: string; reason: string }
  | { verb: 'on' | 'off'; guid: string };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `legal`'s arguments; anything else throws the usage, with what was wrong. */
export function legalArgs(args: readonly string[]): LegalArgs {
  const fail = (why: string): never => {
    throw new Error(`${why}\n${LEGAL_USAGE}`);
  };
  const [first, second, ...rest] = args;
  if (first === undefined) return fail('Name an action: list, show, close, or an application and on or off.');
  const guidOf = (value: string | undefined) => {
    if (value === undefined) return fail('Name the application.');
    if (!GUID.test(value)) return fail(`Not an application guid: ${value}.`);
    return value;
  };
  if (first === 'list') {
    if (second !== undefined) fail(`Unexpected: ${args.slice(1).join(' ')}.`);
    return { verb: 'list' };
  }
  if (first === 'show') {
    const guid = guidOf(second);
    if (rest.length) fail(`Unexpected: ${rest.join(' ')}.`);
    return { verb: 'show', guid };
  }
  if (first === 'close') {
    const guid = guidOf(second);
    if (rest.length === 0) return { verb: 'close', guid, reason: 'Closed by staff.' };
    const [flag, reason, ...more] = rest;
    if (flag !== '--reason' || !reason?.trim() || more.length) return fail(`Unexpected: ${rest.join(' ')}.`);
    return { verb: 'close', guid, reason: reason.trim() };
  }
  const guid = guidOf(first);
  if (second !== 'on' && second !== 'off') {
    return fail(second === undefined ? 'Say on or off.' : `Unknown action: ${second}. Use on or off.`);
  }
  if (rest.length) fail(`Unexpected: ${rest.join(' ')}.`);
  return { verb: second, guid };
}
