import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { BreathingSpaceKind, BreathingSpaceTable } from './loan-tables';
import { nowIso } from '../../lib/clock';
import { chunks } from './loan-repository';
import type { Actor } from '../audit/actor';

export type BreathingSpace = Selectable<BreathingSpaceTable>;

/** Breathing Space moratoria (Debt Respite Scheme) as staff record them (docs/decisions/026). */
export function breathingSpaceRepository(db: DbExecutor) {
  return {
    /** A loan's moratoria, oldest first. */
    of: (applicationId: number): Promise<BreathingSpace[]> =>
      db
        .selectFrom('breathing_spaces')
        .selectAll()
        .where('application_id', '=', applicationId)
        .orderBy('id')
        .execute(),

    /** The moratoria of these loans, by loan, oldest first (how the close of business reads a page). */
    async among(applicationIds: readonly number[]): Promise<Map<number, BreathingSpace[]>> {
      const found = new Map<number, BreathingSpace[]>();
      for (const ids of chunks(applicationIds, 500)) {
        if (ids.length === 0) continue;
        const rows = await db
          .selectFrom('breathing_spaces')
          .selectAll()
          .where('application_id', 'in', ids)
          .orderBy('id')
          .execute();
        for (const r of rows) found.set(r.application_id, [...(found.get(r.application_id) ?? []), r]);
      }
      return found;
    },

    start: (
      row: Pick<BreathingSpace, 'application_id' | 'started_on' | 'ends_on'> & { kind?: BreathingSpaceKind },
      actor: Actor,
    ) =>
      db
        .insertInto('breathing_spaces')
        .values({
          ...row,
          ended_on: null,
          created_at: nowIso(),
          ended_at: null,
          started_by: actor,
          ended_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Ends a moratorium early, `lastDay` its last day; false when it had ended already. */
    async end(id: number, lastDay: string, actor: Actor): Promise<boolean> {
      const result = await db
        .updateTable('breathing_spaces')
        .set({ ended_on: lastDay, ended_at: nowIso(), ended_by: actor })
        .where('id', '=', id)
        .where('ended_on', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type BreathingSpaceRepository = ReturnType<typeof breathingSpaceRepository>;
