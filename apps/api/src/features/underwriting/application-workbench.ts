import { AppStatus } from '@lender/contract/status';
import type { z } from 'zod';
import type { workbenchSchema } from '@lender/contract/calls/staff';
import type { DbExecutor } from '../../db/create-db';
import type { ApplicationTable } from '../../entities/applications/application-tables';
import { CREDIT_REFERENCE_CHECK } from '../../entities/applications/decision/checks/credit-reference';
import { actorNames } from '../../entities/staff/actor-names';
import { entryNames, type StoredDictionaries } from '../../lib/dictionary-store';
import type { Selectable } from 'kysely';

type Workbench = z.output<typeof workbenchSchema>;
type Holder = { staffId: number; displayName: string };

/**
 * The application workbench (issue 48 item 2): everything an underwriter reads to decide, from the
 * application's own rows (answers, affordability, quote, decisions and their findings, credit searches,
 * the applicant's uploads, a request for human review). The caller audits the opening; `holder` is asked
 * only while the application waits for a person. Answers the workbench and the applicant's customer id.
 */
export async function workbenchOf(
  db: DbExecutor,
  dictionaries: StoredDictionaries,
  app: Selectable<ApplicationTable>,
  holder: () => Promise<Holder | null>,
): Promise<[Workbench, number]> {
  const guid = app.guid;
  const [customer, affordability, expenses, decisions, findings, searches, documents, review] =
    await Promise.all([
      db.selectFrom('customers').selectAll().where('id', '=', app.customer_id).executeTakeFirstOrThrow(),
      db
        .selectFrom('application_affordability')
        .selectAll()
        .where('application_id', '=', app.id)
        .executeTakeFirst(),
      db
        .selectFrom('application_expenses')
        .select(['category', 'monthly_pence'])
        .where('application_id', '=', app.id)
        .execute(),
      db
        .selectFrom('application_decisions')
        .select(['kind', 'actor', 'reason', 'created_at'])
        .where('application_id', '=', app.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('decision_findings')
        .select(['check_name', 'outcome', 'reason_code', 'details', 'created_at'])
        .where('application_id', '=', app.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('credit_searches')
        .select(['agency', 'reference', 'search_type', 'outcome', 'searched_at'])
        .where('application_guid', '=', guid)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('documents')
        .select(['id', 'title', 'category_id', 'content_type', 'created_on'])
        .where('customer_id', '=', app.customer_id)
        .where('kind', '=', 'upload')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('decision_review_requests')
        .selectAll()
        .where('application_id', '=', app.id)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    ]);
  const name = (dictionary: string, id: number | null) =>
    id === null ? '' : entryNames(dictionaries, dictionary)(id);
  const nameOf = await actorNames(
    db,
    decisions.map((d) => d.actor),
  );
  const waiting =
    app.status_id === AppStatus.undewritingReview ||
    (app.status_id === AppStatus.leadDeclined && review !== undefined && review.reviewed_at === null);
  const heldBy = waiting ? await holder() : null;
  const creditFindings = findings
    .filter((f) => f.check_name === CREDIT_REFERENCE_CHECK)
    .map((f) => ({ ...f, searchType: (JSON.parse(f.details) as { searchType?: string }).searchType }));
  const workbench: Workbench = {
    applicationGuid: app.guid,
    statusId: app.status_id,
    createdAt: app.created_at,
    waitingForPerson: waiting,
    heldBy,
    applicant: {
      customerId: customer.id,
      title: name('titles', customer.title_id),
      firstName: customer.first_name,
      lastName: customer.last_name,
      birthDate: customer.birth_date,
      email: customer.email,
      mobile: customer.mobile,
      address: customer.address_str,
      postCode: customer.post_code,
    },
    loan: {
      amountPence: app.amount_pence,
      termMonths: app.period,
      wageFrequency: name('wageFrequencies', app.wage_frequency_id),
      repaymentDate: app.repayment_date,
      netMonthlyIncomePence: app.net_monthly_income_pence,
      dependants: app.num_dependents,
      source: app.source,
    },
    affordability: affordability
      ? {
          residentialStatus: name('residentalStatus', affordability.residential_status_id),
          maritalStatus: name('maritalStatus', affordability.marital_status_id),
          employmentType: name('employmentStatus', affordability.employment_type_id),
          employmentIndustry: name('employmentIndustry', affordability.employment_industry_id),
          employerName: affordability.employer_name,
          employmentLengthMonths: affordability.employment_length_months,
          loanPurpose: name('loanReason', affordability.loan_purpose_id),
          netIncomePence: affordability.net_income_pence,
          expensesPence: affordability.expenses_pence,
          instalmentPence: affordability.instalment_pence,
          bufferPence: affordability.buffer_pence,
          passed: affordability.approved === 1,
          expenses: expenses.map((e) => ({ category: e.category, monthlyPence: e.monthly_pence })),
        }
      : null,
    quote:
      app.accepted_at !== null || app.quote_instalment_pence !== null
        ? {
            amountPence: app.amount_pence,
            termMonths: app.period,
            instalmentPence: app.quote_instalment_pence,
            totalRepayablePence: app.quote_total_repayable_pence,
            aprPercent: app.quote_apr_percent,
            dailyRatePpm: app.daily_rate_ppm,
          }
        : null,
    decisions: decisions.map((d) => ({
      kind: d.kind,
      actor: d.actor,
      actorName: nameOf(d.actor),
      reason: d.reason,
      at: d.created_at,
    })),
    findings: findings.map((f) => ({
      check: f.check_name,
      outcome: f.outcome,
      reasonCode: f.reason_code,
      at: f.created_at,
    })),
    creditSearches: searches.map((s) => ({
      agency: s.agency,
      reference: s.reference,
      kind: s.search_type === 'application' ? ('hard' as const) : ('soft' as const),
      outcome: s.outcome,
      searchedAt: s.searched_at,
      findings: creditFindings
        .filter((f) => f.searchType === s.search_type)
        .map((f) => `${f.reason_code} (${f.outcome})`),
    })),
    documents: documents.map((d) => ({
      documentId: d.id,
      title: d.title,
      category: d.category_id === null ? null : name('documentCategories', d.category_id),
      contentType: d.content_type,
      uploadedOn: d.created_on,
    })),
    reviewRequest: review
      ? {
          channel: review.channel,
          note: review.note,
          recordedBy: review.recorded_by,
          requestedAt: review.requested_at,
          reviewedAt: review.reviewed_at,
        }
      : null,
  };
  return [workbench, customer.id];
}
