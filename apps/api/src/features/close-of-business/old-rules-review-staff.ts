import { addDays, type IsoDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { planKindOf } from '@lender/contract/pricing/reschedule';
import type { AppContext } from '../../app-context';
import { chunks, loanRepository, type LoanBook } from '../../entities/loans/loan-repository';
import { instalmentStates, positionOf, type LoanTerms } from '../../entities/loans/ledger';
import { lastDayToGive } from '../../entities/loans/statement-periods';
import { staffDone as done, type StaffResult } from '../../lib/staff-result';
import { defaultsReviewStaff } from './defaults-review-staff';

/** What was given or done under a rule issue 46 corrected, and the provision it falls short of. */
export type OldRuleKind =
  'default' | 'default-notice' | 'letter-of-claim' | 'default-fee' | 'refinance' | 'late-statement';

export type OldRuleItem = {
  kind: OldRuleKind;
  guid: string;
  name: string;
  /** The day it was given or done. */
  on: IsoDate;
  provision: string;
  /** What is wrong with it, and what a person should consider, in a sentence. */
  what: string;
};

type Loan = { application_id: number; guid: string; name: string };

/**
 * Issue 46's 'done when': notices already given, and steps already taken, under the rules it corrected,
 * listed for a person to review (`npm run ops -- notices review`). Nothing is changed here: re-serving a
 * notice, reversing a fee or its interest, withdrawing a letter or re-classifying a plan is their
 * decision (docs/decisions/054 to 056). Each kind is found from what the corrected code stores with it:
 * - a default made while the notice's sum was paid by its date (s89; `ops defaults review`);
 * - a default notice with no PDF kept: given before the notice was rebuilt on the 1983 Regulations (s88);
 * - a Letter of Claim issued without a default notice whose remedy date had passed (s87(1));
 * - a default fee with no notice of default sums (s86E: not enforceable, nor interest on it, until given);
 * - a plan stored as a plain reschedule that moved a payment later than the one it replaced (a refinance
 *   under CONC 6.7.17R: no information sheet, not counted against the limit of two, interest charged);
 * - an annual statement given after its 30 days (s77A(6): for the period of non-compliance no interest
 *   and no default sum is payable, and the agreement may not be enforced), with the interest charged in it.
 */
export function oldRulesReviewStaff(ctx: AppContext) {
  const { db } = ctx;

  async function loansNamed(ids: readonly number[]): Promise<Map<number, Loan>> {
    const found = new Map<number, Loan>();
    for (const batch of chunks([...new Set(ids)], 500)) {
      if (batch.length === 0) continue;
      const rows = await db
        .selectFrom('applications')
        .innerJoin('customers', 'customers.id', 'applications.customer_id')
        .select(['applications.id', 'applications.guid', 'customers.first_name', 'customers.last_name'])
        .where('applications.id', 'in', batch)
        .execute();
      for (const r of rows)
        found.set(r.id, { application_id: r.id, guid: r.guid, name: `${r.first_name} ${r.last_name}` });
    }
    return found;
  }

  /** s87 notices whose PDF was never kept (the rebuilt notice stores one under the notice's reference). */
  async function defaultNotices() {
    return db
      .selectFrom('loan_notices')
      .leftJoin('documents', (join) =>
        join
          .onRef('documents.application_id', '=', 'loan_notices.application_id')
          .onRef('documents.reference', '=', 'loan_notices.reference'),
      )
      .select(['loan_notices.application_id', 'loan_notices.on_date'])
      .where('loan_notices.kind', '=', 's87')
      .where('documents.id', 'is', null)
      .orderBy('loan_notices.id')
      .execute();
  }

  /** Letters of Claim issued on a loan not defaulted, or before its default notice's remedy date had passed. */
  async function lettersWithoutDefault() {
    const letters = await db
      .selectFrom('pre_claim_letters')
      .innerJoin('loans', 'loans.application_id', 'pre_claim_letters.application_id')
      .select([
        'pre_claim_letters.application_id',
        'pre_claim_letters.issued_on',
        'loans.defaulted_on',
        'loans.remedy_by',
      ])
      .orderBy('pre_claim_letters.id')
      .execute();
    return letters.filter(
      (l) =>
        l.defaulted_on === null ||
        l.defaulted_on > l.issued_on ||
        l.remedy_by === null ||
        l.remedy_by >= l.issued_on,
    );
  }

  /** Default fees not reversed, with no s86E notice given for them. */
  async function feesWithoutNotice() {
    const fees = await db
      .selectFrom('loan_transactions')
      .select(['id', 'application_id', 'on_date', 'amount_pence', 'reference'])
      .where('type', '=', 'default-fee')
      .orderBy('id')
      .execute();
    if (fees.length === 0) return [];
    const reversed = new Set(
      (
        await db
          .selectFrom('loan_transactions')
          .select('reverses_id')
          .where('type', '=', 'reversal')
          .where('reverses_id', 'is not', null)
          .execute()
      ).map((r) => r.reverses_id),
    );
    const given = new Set(
      (await db.selectFrom('loan_notices').select('reference').where('kind', '=', 's86e').execute()).map(
        (n) => n.reference,
      ),
    );
    return fees.filter((f) => !reversed.has(f.id) && !given.has(`s86e:${f.reference}`));
  }

  /**
   * Plans stored as plain reschedules that set a payment later than the instalment it replaced: each set
   * beside the plan in force before it, on the day it was made, as `planKindOf` classifies a plan today.
   */
  function uncountedRefinances(books: Map<number, LoanBook>) {
    const found: { application_id: number; on: IsoDate; version: number }[] = [];
    for (const book of books.values()) {
      for (const plan of book.plans) {
        if (plan.kind !== 'reschedule') continue;
        const before = book.plans.find((p) => p.version === plan.version - 1);
        const terms: LoanTerms = {
          principalPence: book.loan.principal_pence,
          dailyRate: before?.daily_rate ?? book.loan.daily_rate,
          instalments: book.schedule
            .filter((s) => s.version === plan.version - 1)
            .map(({ seq, dueDate, paymentPence }) => ({ seq, dueDate, paymentPence })),
          ...(before ? { paidBeforePence: before.paid_before_pence } : {}),
        };
        const owed = instalmentStates(terms, positionOf(terms, book.rows, plan.created_on as IsoDate))
          .filter((i) => i.duePence > 0)
          .map((i) => i.dueDate);
        const dates = book.schedule.filter((s) => s.version === plan.version).map((s) => s.dueDate);
        if (planKindOf({ forbearance: false, dueDates: owed }, dates) === 'refinance') {
          found.push({
            application_id: book.loan.application_id,
            on: plan.created_on as IsoDate,
            version: plan.version,
          });
        }
      }
    }
    return found;
  }

  /** Annual statements given after their last day, with the interest the ledger charged until they were. */
  async function lateStatements() {
    const given = await db
      .selectFrom('annual_statements')
      .select(['application_id', 'period_start', 'period_end', 'given_on'])
      .orderBy('id')
      .execute();
    const late = given
      .map((g) => ({ ...g, lastDay: lastDayToGive({ end: g.period_end as IsoDate }) }))
      .filter((g) => g.given_on > g.lastDay);
    const found = [];
    for (const g of late) {
      const from = addDays(g.lastDay, 1);
      const interest = await db
        .selectFrom('loan_transactions')
        .select((eb) => eb.fn.sum<number>('amount_pence').as('pence'))
        .where('application_id', '=', g.application_id)
        .where('type', '=', 'interest')
        .where('on_date', '>=', from)
        .where('on_date', '<', g.given_on)
        .executeTakeFirst();
      found.push({ ...g, from, interestPence: Number(interest?.pence ?? 0) });
    }
    return found;
  }

  return {
    async review(): Promise<StaffResult<OldRuleItem[]>> {
      const defaults = await defaultsReviewStaff(ctx).review();
      const [notices, letters, fees, statements] = await Promise.all([
        defaultNotices(),
        lettersWithoutDefault(),
        feesWithoutNotice(),
        lateStatements(),
      ]);
      const rescheduled = await db
        .selectFrom('loan_schedules')
        .select('application_id')
        .distinct()
        .where('kind', '=', 'reschedule')
        .execute();
      const books = await loanRepository(db).books(rescheduled.map((r) => r.application_id));
      const refinances = uncountedRefinances(books);
      const loans = await loansNamed([
        ...notices.map((n) => n.application_id),
        ...letters.map((l) => l.application_id),
        ...fees.map((f) => f.application_id),
        ...refinances.map((r) => r.application_id),
        ...statements.map((r) => r.application_id),
      ]);
      const item = (applicationId: number, rest: Omit<OldRuleItem, 'guid' | 'name'>): OldRuleItem => {
        const loan = loans.get(applicationId);
        return { guid: loan?.guid ?? String(applicationId), name: loan?.name ?? 'unknown', ...rest };
      };
      const items: OldRuleItem[] = [
        ...(defaults.ok ? defaults.value : []).map((d) => ({
          kind: 'default' as const,
          guid: d.guid,
          name: d.name,
          on: d.defaultedOn,
          provision: 's89',
          what: `defaulted although the notice's ${formatPence(d.sumPence)} was paid by ${d.remedyBy}; consider undoing the default and its report.`,
        })),
        ...notices.map((n) =>
          item(n.application_id, {
            kind: 'default-notice',
            on: n.on_date as IsoDate,
            provision: 's88 and the 1983 Regulations',
            what: 'default notice in the old form (the fee asked as part of the remedy, the arrears sheet, no prescribed contents); consider serving a new one before relying on it.',
          }),
        ),
        ...letters.map((l) =>
          item(l.application_id, {
            kind: 'letter-of-claim',
            on: l.issued_on as IsoDate,
            provision: 's87(1)',
            what: 'Letter of Claim for the whole balance without a default notice whose remedy date had passed; consider withdrawing it.',
          }),
        ),
        ...fees.map((f) =>
          item(f.application_id, {
            kind: 'default-fee',
            on: f.on_date as IsoDate,
            provision: 's86E',
            what: `default fee of ${formatPence(f.amount_pence)} with no notice of default sums; not enforceable until one is given, and no interest on it.`,
          }),
        ),
        ...refinances.map((r) =>
          item(r.application_id, {
            kind: 'refinance',
            on: r.on,
            provision: 'CONC 6.7.17R, 6.7.20R, 6.7.23R',
            what: `plan ${r.version} moved a payment later but was stored as a reschedule: no information sheet shown, not counted as a refinance; consider refunding its extra interest.`,
          }),
        ),
        ...statements.map((g) =>
          item(g.application_id, {
            kind: 'late-statement',
            on: g.given_on as IsoDate,
            provision: 's77A(6)',
            what:
              `annual statement for ${g.period_start} to ${g.period_end} due by ${g.lastDay}: from ${g.from} until it was given ` +
              `no interest (${formatPence(g.interestPence)} charged) nor default sum is payable, and no enforcement; ` +
              (g.interestPence > 0
                ? 'consider refunding.'
                : 'the close of business charged none; check for default sums and enforcement in it.'),
          }),
        ),
      ];
      return done(items.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0)));
    },
  };
}
