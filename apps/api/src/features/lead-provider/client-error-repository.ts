import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { redactUrl } from '../../plugins/logging';

export type ClientError = { url: string; prevUrl: string | null; message: string; userAgent: string | null };

export type ClientErrorRepository = ReturnType<typeof clientErrorRepository>;

export const clientErrorRepository = (db: DbExecutor) => ({
  /** Stores a report with any token or secret in its URLs redacted, as the logs have them. */
  insert: (e: ClientError) =>
    db
      .insertInto('client_errors')
      .values({
        url: redactUrl(e.url),
        prev_url: e.prevUrl === null ? null : redactUrl(e.prevUrl),
        message: e.message,
        user_agent: e.userAgent,
        created_at: nowIso(),
      })
      .execute(),

  /** Removes the reports made before `before` (the retention period); answers how many went. */
  async purgeBefore(before: string): Promise<number> {
    const result = await db.deleteFrom('client_errors').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});
