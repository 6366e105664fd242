import { AppStatus } from '@lender/contract/status';
import type { Stage1Ack } from './load';
import type { Server } from './server-process';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Null when a server (restarted, or the other of two) knows an applicant acknowledged before a kill (its session
 * works and its application is there), otherwise what it answered: a server that came back on another
 * or an emptied database, or with other keys, fails this.
 */
export async function readBack(server: Server, ack: Stage1Ack): Promise<string | null> {
  try {
    const res = await fetch(`${server.url}/api/Register/GetApplicationStatus`, {
      headers: { authorization: `Bearer ${ack.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await res.json()) as {
      error?: { errorID?: number };
      object?: { appStatusID?: number; appGuid?: string | null };
    };
    const status = body.object?.appStatusID;
    const known = status === AppStatus.applicationNew || status === AppStatus.offerAccepted;
    if (res.status === 200 && body.error?.errorID === 0 && body.object?.appGuid && known) return null;
    return `${ack.email}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`;
  } catch (err) {
    return `${ack.email}: ${err instanceof Error ? err.message : String(err)}`;
  }
}
