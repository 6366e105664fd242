import { inServerDatabase } from './server-database';

/**
 * The monthly expenses the server stored for an application (by its guid), in pence by category: what
 * the affordability assessment was made from. Read from the journeys' database, read-only.
 */
export function storedExpensesPence(appGuid: string): Record<string, number> {
  return inServerDatabase(
    (db) => {
      const rows = db
        .prepare(
          `select e.category, e.monthly_pence from application_expenses e
         join applications a on a.id = e.application_id where a.guid = ?`,
        )
        .all(appGuid) as { category: string; monthly_pence: number }[];
      return Object.fromEntries(rows.map((r) => [r.category, r.monthly_pence]));
    },
    { readonly: true },
  );
}
