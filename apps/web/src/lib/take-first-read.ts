import type { CallName } from '@lender/contract/api-calls';

/**
 * A read the early script started: its response for the API client, and once it is in and succeeded, its
 * answer (the envelope's object), which a first render can draw without waiting (api/get-loan-state.ts).
 */
export type FirstRead = {
  token: string;
  at: number;
  response: Promise<Response>;
  answer?: { object: unknown };
};

/**
 * Where the early script (src/early-reads.ts, its own file in the route shell) leaves the reads it started
 * for the app's bundle, which arrives later and is a separate module graph: a global is their only
 * common ground that costs the first load nothing. Named here, in the type, not by a shared constant:
 * a value imported from this module would make the early script load it as a file of its own.
 */
declare global {
  var __lenderFirstReads: Map<CallName, FirstRead> | undefined;
}

/** Long enough for a slow phone to load the page's code; a read older than this is not used. */
const FRESH_MS = 15_000;

/**
 * The early response of `name` once, when it was asked with the token the caller would send and is still
 * fresh; otherwise nothing, and the caller asks itself.
 */
export function takeFirstRead(name: CallName, token: string | null): Promise<Response> | undefined {
  return take(name, token, () => true)?.response;
}

/**
 * The early answer of `name` once, when it is in already, succeeded, and was asked with the caller's
 * token and is still fresh; otherwise nothing, and the read is left for `takeFirstRead` (its response is
 * not consumed: the answer was read from a copy).
 */
export function takeFirstAnswer(name: CallName, token: string | null): { object: unknown } | undefined {
  return take(name, token, (read) => read.answer !== undefined)?.answer;
}

function take(name: CallName, token: string | null, ready: (read: FirstRead) => boolean) {
  const started = globalThis.__lenderFirstReads;
  const read = started?.get(name);
  if (!read || !ready(read)) return undefined;
  started!.delete(name);
  return read.token === token && Date.now() - read.at < FRESH_MS ? read : undefined;
}
