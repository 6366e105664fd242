import { addDays, type IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import type { CreditReport, SearchType } from '../../lib/credit-reference/credit-reference-agency';

/** A report may be decided on again for this many days; an older one is not reused (issue 47). */
export const REPORT_REUSE_DAYS = 30;

export type CreditSearchMade = {
  applicationGuid: string;
  type: SearchType;
  agency: string;
  searchedOn: IsoDate;
} & ({ outcome: 'report'; report: CreditReport } | { outcome: 'unavailable' });

export type StoredSearch = {
  type: SearchType;
  agency: string;
  searchedOn: IsoDate;
  reference: string | null;
};

/** The searches of credit files we made; the reports sealed with the data key (`seal`/`open`). */
export const creditSearchRepository = (
  db: DbExecutor,
  seal: (plain: string) => string,
  open: (sealed: string) => string,
) => ({
  async record(s: CreditSearchMade): Promise<void> {
    await db
      .insertInto('credit_searches')
      .values({
        application_guid: s.applicationGuid,
        search_type: s.type,
        agency: s.agency,
        outcome: s.outcome,
        reference: s.outcome === 'report' ? s.report.reference : null,
        report_sealed: s.outcome === 'report' ? seal(JSON.stringify(s.report)) : null,
        searched_on: s.searchedOn,
        searched_at: nowIso(),
      })
      .execute();
  },

  /**
   * The newest report of this person (by the customer of any of their applications, or the application
   * itself before its customer is stored) no older than REPORT_REUSE_DAYS on `today`, of a search at
   * least as strong as `type`: an application search serves a quotation, not the other way round, as a
   * hard search is the footprint the agreement needs.
   */
  async reusable(
    who: { customerId: number | null; applicationGuid: string },
    type: SearchType,
    today: IsoDate,
  ): Promise<CreditReport | null> {
    let q = db
      .selectFrom('credit_searches')
      .leftJoin('applications', 'applications.guid', 'credit_searches.application_guid')
      .select('credit_searches.report_sealed')
      .where('credit_searches.outcome', '=', 'report')
      .where('credit_searches.searched_on', '>=', addDays(today, -REPORT_REUSE_DAYS));
    if (type === 'application') q = q.where('credit_searches.search_type', '=', 'application');
    const { customerId, applicationGuid } = who;
    q = q.where((eb) =>
      customerId === null
        ? eb('credit_searches.application_guid', '=', applicationGuid)
        : eb.or([
            eb('credit_searches.application_guid', '=', applicationGuid),
            eb('applications.customer_id', '=', customerId),
          ]),
    );
    const row = await q.orderBy('credit_searches.id', 'desc').executeTakeFirst();
    return row?.report_sealed ? (JSON.parse(open(row.report_sealed)) as CreditReport) : null;
  },

  /** The customer's searches that reached the agency, newest first (the account area's list). */
  async ofCustomer(customerId: number): Promise<StoredSearch[]> {
    const rows = await db
      .selectFrom('credit_searches')
      .innerJoin('applications', 'applications.guid', 'credit_searches.application_guid')
      .select([
        'credit_searches.search_type',
        'credit_searches.agency',
        'credit_searches.searched_on',
        'credit_searches.reference',
      ])
      .where('applications.customer_id', '=', customerId)
      .where('credit_searches.outcome', '=', 'report')
      .orderBy('credit_searches.id', 'desc')
      .execute();
    return rows.map((r) => ({
      type: r.search_type as SearchType,
      agency: r.agency,
      searchedOn: r.searched_on as IsoDate,
      reference: r.reference,
    }));
  },

  /** The newest report made for this application (stage 3 reads its commitments). */
  async latestReportOf(applicationGuid: string): Promise<CreditReport | null> {
    const row = await db
      .selectFrom('credit_searches')
      .select('report_sealed')
      .where('application_guid', '=', applicationGuid)
      .where('outcome', '=', 'report')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.report_sealed ? (JSON.parse(open(row.report_sealed)) as CreditReport) : null;
  },
});

export type CreditSearchRepository = ReturnType<typeof creditSearchRepository>;
