import { inServerDatabase, serverBusinessDate } from './server-database';
import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';

/**
 * Puts a paid-out loan in default under a default notice whose remedy date has passed, the only loan
 * staff may flag legal (s87(1), issue 46): notice 15 days before the business date, remedy date the day
 * before, defaulted today, as the close of business leaves it. Written in the test server's database
 * because reaching it by closing days would move the business date of every test sharing the server;
 * the close of business's own way there is the API tests' (default-notice.test.ts, pre-claim.test.ts).
 */
export async function defaultPastRemedy(appGuid: string) {
  const today = await serverBusinessDate();
  inServerDatabase((db) => {
    const loan = db
      .prepare(
        `update loans set default_notice_on = ?, remedy_by = ?, defaulted_on = ?
       where application_id = (select id from applications where guid = ?)`,
      )
      .run(addDays(today, -15), addDays(today, -1), today, appGuid);
    if (loan.changes === 0) throw new Error(`no loan of ${appGuid} to default`);
    db.prepare('update applications set status_id = ? where guid = ?').run(AppStatus.defaulted, appGuid);
  });
}
