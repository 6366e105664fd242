import type { CallName } from '@lender/contract/api-calls';

export type FirstRead = { token: string; at: number; response: Promise<Response> };

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
  const started = globalThis.__lenderFirstReads;
  const read = started?.get(name);
  if (!read) return undefined;
  started!.delete(name);
  return read.token === token && Date.now() - read.at < FRESH_MS ? read.response : undefined;
}
