/**
 * An insert or update broke a unique constraint or a primary key, on either database (SQLite names the
 * two apart; PostgreSQL's SQLSTATE 23505 is both).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
