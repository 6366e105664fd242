import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { Database } from '../../db/schema';
import { nowIso, plusSeconds } from '../../lib/clock';

/** The columns of a secret's life, the same in every table of one-time secrets. */
type SecretLife = { expires_at: string; used_at: string | null; created_at: string };

/** The tables of one-time secrets: password links, e-mail change links, e-sign codes and links. */
export type SecretTable = {
  [T in keyof Database]: Database[T] extends SecretLife ? T : never;
}[keyof Database];

/** Which of a table's columns holds the secret's hash, and which names its owner (a newer secret retires its owner's older ones). */
export type SecretColumns<T extends SecretTable> = {
  hash: keyof Database[T] & string;
  owner: keyof Database[T] & string;
};

type LifeColumn = keyof SecretLife | 'id';
type AnyTables = Record<
  string,
  { id: number; used_at: string | null; expires_at: string } & Record<string, unknown>
>;

/** What a new row holds besides its hash and its life: the table's own columns (owner, purpose, channel...). */
export type SecretRowValues<T extends SecretTable, C extends SecretColumns<T>> = Omit<
  Insertable<Database[T]>,
  LifeColumn | C['hash']
>;

/**
 * The columns a new secret row starts with: made now, usable for `ttlSeconds`. Both instants come from
 * one clock reading, so a secret lives exactly its time.
 */
export function freshSecret(ttlSeconds: number) {
  const now = new Date();
  return { expires_at: plusSeconds(ttlSeconds, now), used_at: null, created_at: nowIso(now) };
}

/** A where-clause for a secret table's rows still usable now: not used, not expired (single-table queries). */
export const isLive = (now = nowIso()) => sql<SqlBool>`used_at is null and expires_at > ${now}`;

const always = sql<SqlBool>`true`;

/**
 * The life every one-time secret lives, written once and kept per table (each table's repository builds
 * on it): only the secret's hash is stored; a row is made with an expiry, usable while neither used nor
 * expired, claimed by one request only (a conditional update, so two racing requests cannot both use
 * it), and retired when a newer one replaces it.
 */
export function oneTimeSecrets<T extends SecretTable, C extends SecretColumns<T>>(
  executor: DbExecutor,
  table: T,
  columns: C,
) {
  // The same statements serve every table, so they are typed once for any table; the table's own types
  // are given at the surface below.
  const db = executor as unknown as Kysely<AnyTables>;
  const name: string = table;
  const { hash, owner }: { hash: string; owner: string } = columns;
  return {
    /** Stores a new secret as its hash, usable for `ttlSeconds` from now. */
    insert: (values: SecretRowValues<T, C>, secretHash: string, ttlSeconds: number) =>
      db
        .insertInto(name)
        .values({ ...values, [hash]: secretHash, ...freshSecret(ttlSeconds) })
        .execute(),

    /** The still usable row holding this hash (not used, not expired), narrowed by `only`. */
    findLive: (secretHash: string, only: RawBuilder<SqlBool> = always) =>
      db
        .selectFrom(name)
        .selectAll()
        .where(hash, '=', secretHash)
        .where(isLive())
        .where(only)
        .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>,

    /**
     * Claims a secret for its one use; false when another request used it first, or (`whileLive`, the
     * default) when it has just expired. An e-sign SMS code is checked for expiry before it is compared,
     * so it is marked used without the second check.
     */
    async claim(id: number, { whileLive = true }: { whileLive?: boolean } = {}): Promise<boolean> {
      const now = nowIso();
      let update = db
        .updateTable(name)
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null);
      if (whileLive) update = update.where('expires_at', '>', now);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends every unused secret of an owner (a newer one replaces it); `only` narrows which of them. */
    retire: (ownerId: number, only: RawBuilder<SqlBool> = always) =>
      db
        .updateTable(name)
        .set({ used_at: nowIso() })
        .where(owner, '=', ownerId)
        .where('used_at', 'is', null)
        .where(only)
        .execute(),
  };
}
