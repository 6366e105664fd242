import type { IsoDate } from '@lender/contract/dates';
import { SQLite as Database } from '../../apps/api/src/db/sqlite-driver';
import { ops } from './ops';

type ServerDatabase = InstanceType<typeof Database>;

/** The test server's business date, as `npm run ops -- business-date` prints it. */
export async function serverBusinessDate(): Promise<IsoDate> {
  const today = /(\d{4}-\d\d-\d\d)/.exec(await ops('business-date'))?.[1];
  if (!today) throw new Error('no business date');
  return today as IsoDate;
}

/**
 * Runs `work` on the test server's own SQLite database (E2E_DATABASE), waiting out the server's writes,
 * and closes it: for a state a browser test needs that only days of closes of business would reach, or
 * a figure the server stored. Read-only unless the work writes.
 */
export function inServerDatabase<T>(
  work: (db: ServerDatabase) => T,
  options: { readonly?: boolean } = {},
): T {
  const db = new Database(process.env.E2E_DATABASE!, {
    fileMustExist: true,
    readonly: options.readonly === true,
  });
  try {
    if (!options.readonly) db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
