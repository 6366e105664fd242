import { inServerDatabase, serverBusinessDate } from './server-database';

/**
 * Puts a credit balance on a loan the customer has just repaid: the CPA collected an instalment the same
 * day as well (the usual reason for a refund), `pence` on the ledger as a collection. Written in the test
 * server's database because a real CPA collection needs the close of business, which would move the
 * business date of every test sharing the server; the API tests reach credit their own way.
 */
export async function collectedTwice(appGuid: string, pence: number) {
  const today = await serverBusinessDate();
  inServerDatabase((db) => {
    const posted = db
      .prepare(
        `insert into loan_transactions (application_id, type, amount_pence, on_date, reverses_id, reference, created_at, actor)
       select id, 'instalment', ?, ?, null, ?, ?, null from applications where guid = ?`,
      )
      .run(pence, today, `e2e-collected-twice:${appGuid}`, new Date().toISOString(), appGuid);
    if (posted.changes === 0) throw new Error(`no loan of ${appGuid}`);
  });
}
