import { inServerDatabase } from './server-database';

/**
 * Lets an application's signing links live out their 14 days (docs/decisions/020) at once: their expiry
 * is moved to the past in the test server's database. The links' life is measured on the wall clock, not
 * the business date, so `npm run ops -- business-date set` cannot age them; nothing else of the
 * application changes.
 */
export function outliveSigningLinks(appGuid: string) {
  inServerDatabase((db) => {
    const aged = db
      .prepare(
        `update esign_links set expires_at = ?
       where application_id = (select id from applications where guid = ?)`,
      )
      .run(new Date(Date.now() - 60_000).toISOString(), appGuid);
    if (aged.changes === 0) throw new Error(`no signing link of ${appGuid} to age`);
  });
}
