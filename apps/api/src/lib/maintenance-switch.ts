import type { Db } from '../db/create-db';
import { nowIso } from './clock';
import type { SessionStore } from './sessions/session-store';

const KEY = 'maintenance_mode';
/** How long a server trusts what it last read: staff switching maintenance on reach every server within it. */
export const MAINTENANCE_RECHECK_MS = 2_000;

export type MaintenanceSwitch = ReturnType<typeof maintenanceSwitch>;

/**
 * Maintenance mode without a restart (docs/decisions/017): a row in `app_settings` that staff switch
 * with `npm run ops -- maintenance on|off`. MAINTENANCE_MODE=true in the environment forces it on.
 * Switching it on ends every session, so a signed-in customer is signed out on the server too.
 */
export function maintenanceSwitch(
  db: Db,
  sessions: SessionStore,
  forcedOn: boolean,
  now: () => number = Date.now,
) {
  let cached: { on: boolean; readAt: number } | null = null;

  async function read(): Promise<boolean> {
    const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row?.value === 'on';
  }

  /** What this server knows without a read: undefined once its last read is older than the recheck time. */
  const known = (): boolean | undefined => {
    if (forcedOn) return true;
    return cached && now() - cached.readAt < MAINTENANCE_RECHECK_MS ? cached.on : undefined;
  };

  return {
    known,

    async isOn(): Promise<boolean> {
      const knownNow = known();
      if (knownNow !== undefined) return knownNow;
      const on = await read();
      cached = { on, readAt: now() };
      return on;
    },

    async set(on: boolean): Promise<void> {
      const value = on ? 'on' : 'off';
      const updated_at = nowIso();
      await db
        .insertInto('app_settings')
        .values({ key: KEY, value, updated_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
        .execute();
      cached = { on, readAt: now() };
      if (on) await sessions.revokeAll('maintenance');
    },
  };
}
