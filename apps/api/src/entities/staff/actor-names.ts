import type { DbExecutor } from '../../db/create-db';
import { parseActor } from '../audit/actor';

/**
 * The names people read for stored actors (issue 48: the console's decision record and the audit): a
 * member of staff by their display name, every other actor as its own text (`system:underwriting`,
 * `customer:12`, `ops`), which says who it was without a lookup. One query for all of them.
 */
export async function actorNames(
  db: DbExecutor,
  actors: Iterable<string>,
): Promise<(actor: string) => string> {
  const staffIds = new Set<number>();
  for (const actor of actors) {
    const parsed = parseActor(actor);
    if (parsed?.kind === 'staff') staffIds.add(parsed.id);
  }
  const names = new Map<string, string>();
  if (staffIds.size > 0) {
    const rows = await db
      .selectFrom('staff_members')
      .select(['id', 'display_name'])
      .where('id', 'in', [...staffIds])
      .execute();
    for (const r of rows) names.set(`staff:${r.id}`, r.display_name);
  }
  return (actor) => names.get(actor) ?? actor;
}

/**
 * Staff members' display names by id, for tables that keep the member's id (logged by, recorded by,
 * closed by): the same one query, and an id no longer found reads `staff:<id>`.
 */
export async function staffNames(
  db: DbExecutor,
  ids: Iterable<number | null>,
): Promise<(id: number) => string> {
  const actors = [...ids].flatMap((id) => (id === null ? [] : [`staff:${id}`]));
  const nameOf = await actorNames(db, actors);
  return (id) => nameOf(`staff:${id}`);
}
