import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's arguments by `node:util` parseArgs, strict: an unknown flag, a flag without its value, or
 * more words than `maxPositionals` throws what was wrong followed by the command's usage.
 */
export function parseCommand<O extends Options>(
  args: readonly string[],
  usage: string,
  options: O,
  maxPositionals: number,
) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${usage}`, { cause: err });
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new Error(`Unexpected: ${parsed.positionals.slice(maxPositionals).join(' ')}.\n${usage}`);
  }
  return parsed;
}

/** `[count]`: a whole number from 1, or a clear error. */
export function countArg(value: string | undefined, usage: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,3}$/.test(value)) throw new Error(`Not a count: ${value}.\n${usage}`);
  return Number(value);
}

/** What was wrong, then the command's usage: the message of every refused argument. */
export const usageError = (why: string, usage: string) => new Error(`${why}\n${usage}`);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<appGuid>`: an application's guid, or a clear error. */
export function guidArg(value: string | undefined, usage: string): string {
  if (value === undefined) throw usageError('Name the application.', usage);
  if (!GUID.test(value)) throw usageError(`Not an application guid: ${value}.`, usage);
  return value;
}
