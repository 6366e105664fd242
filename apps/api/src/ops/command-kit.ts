import type { AppContext } from '../app-context';
import type { StaffResult } from '../lib/staff-result';

/** Where a command prints: the console for `npm run ops`, a list of lines in tests. */
export type Output = { line: (text: string) => void; table: (rows: readonly object[]) => void };

export const consoleOutput: Output = {
  line: (text) => console.log(text),
  table: (rows) => console.table(rows),
};

export type Command = {
  usage: string;
  summary: string;
  run: (ctx: AppContext, args: string[], out: Output) => Promise<void>;
};

/** Prints a staff service's answer with `lines`, or fails with its message (exit code 1). */
export function print<T>(out: Output, result: StaffResult<T>, lines: (value: T) => string[]) {
  if (!result.ok) throw new Error(result.message);
  for (const line of lines(result.value)) out.line(line);
}

/** The usage line a command prints when its words are wrong. */
export const usageLine = (usage: string) => `Usage: npm run ops -- ${usage}`;
