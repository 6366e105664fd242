import { SQLite as Database } from '../../apps/api/src/db/sqlite-driver';
import { ops } from './ops';

/**
 * Puts a credit balance on a loan the customer has just repaid: the CPA collected an instalment the same
 * day as well (the usual reason for a refund), `pence` on the ledger as a collection. Written in the test
 * server's database because a real CPA collection needs the close of business, which would move the
 * business date of every test sharing the server; the API tests reach credit their own way.
 */
export async function collectedTwice(appGuid: string, pence: number) {
  const today = /(\d{4}-\d\d-\d\d)/.exec(await ops('business-date'))?.[1];
  if (!today) throw new Error('no business date');
  const db = new Database(process.env.E2E_DATABASE!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const posted = db
      .prepare(
        `insert into loan_transactions (application_id, type, amount_pence, on_date, reverses_id, reference, created_at, actor)
         select id, 'instalment', ?, ?, null, ?, ?, null from applications where guid = ?`,
      )
      .run(pence, today, `e2e-collected-twice:${appGuid}`, new Date().toISOString(), appGuid);
    if (posted.changes === 0) throw new Error(`no loan of ${appGuid}`);
  } finally {
    db.close();
  }
}
