import { addDays, type IsoDate } from '@lender/contract/dates';
import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import { priceLoan } from '@lender/contract/pricing/pricing';
import type { DbExecutor } from '../../db/create-db';
import type { UnderwritingFacts } from './underwriting-rules';

/** The signed application underwriting decides on, with its customer's contact for the e-mail. */
export type Candidate = {
  id: number;
  guid: string;
  customerId: number;
  statusId: number;
  email: string;
  firstName: string;
  amountPence: number;
};

/** What underwriting and payout read: the application, the customer's history, the card and bank account. */
export function underwritingRepository(db: DbExecutor) {
  const candidates = () =>
    db
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select([
        'applications.id',
        'applications.guid',
        'applications.customer_id as customerId',
        'applications.status_id as statusId',
        'applications.amount_pence as amountPence',
        'customers.email',
        'customers.first_name as firstName',
      ]);

  return {
    byId: (id: number): Promise<Candidate | undefined> =>
      candidates().where('applications.id', '=', id).executeTakeFirst(),

    byGuid: (guid: string): Promise<Candidate | undefined> =>
      candidates().where('applications.guid', '=', guid).executeTakeFirst(),

    /** Applications in a status, oldest first. */
    inStatus: (statusIds: readonly number[]): Promise<Candidate[]> =>
      candidates().where('applications.status_id', 'in', statusIds).orderBy('applications.id').execute(),

    async facts(candidate: Candidate, today: IsoDate): Promise<UnderwritingFacts | null> {
      const id = candidate.id;
      const [customer, affordability, payments, cards, banks, others, loan] = await Promise.all([
        db
          .selectFrom('customers')
          .select(['birth_date', 'post_code'])
          .where('id', '=', candidate.customerId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('application_affordability')
          .select(['net_income_pence', 'expenses_pence'])
          .where('application_id', '=', id)
          .executeTakeFirst(),
        db
          .selectFrom('loan_instalments')
          .select(['due_date', 'payment_pence'])
          .where('application_id', '=', id)
          .orderBy('seq')
          .execute(),
        db
          .selectFrom('cards')
          .select(['exp_month', 'exp_year'])
          .where('application_id', '=', id)
          .orderBy('id', 'desc')
          .execute(),
        db.selectFrom('bank_accounts').select('id').where('application_id', '=', id).execute(),
        db
          .selectFrom('loans')
          .innerJoin('applications', 'applications.id', 'loans.application_id')
          .select(['applications.status_id', 'loans.funded_on'])
          .where('loans.customer_id', '=', candidate.customerId)
          .where('loans.application_id', '!=', id)
          .execute(),
        db.selectFrom('loans').select('daily_rate').where('application_id', '=', id).executeTakeFirst(),
      ]);
      if (!affordability || payments.length === 0 || !loan) return null;
      const dates = payments.map((p) => p.due_date);
      const yearAgo = addDays(today, -365);
      const card = cards[0];
      return {
        today,
        birthDate: customer.birth_date,
        postCode: customer.post_code,
        netIncomePence: affordability.net_income_pence,
        expensesPence: affordability.expenses_pence,
        payments: payments.map((p) => ({ dueDate: p.due_date, paymentPence: p.payment_pence })),
        cardsGiven: cards.length,
        bankAccountsGiven: banks.length,
        card: card ? { expMonth: card.exp_month, expYear: card.exp_year } : null,
        otherLiveLoans: others.filter(
          (o) => LIVE_LOAN_STATUSES.includes(o.status_id) || o.status_id === AppStatus.approved,
        ).length,
        otherLoansLast12Months: others.filter((o) => o.funded_on && o.funded_on >= yearAgo).length,
        amountPence: candidate.amountPence,
        // The same dates priced for another amount; a date already too close prices nothing (no offer).
        largestPaymentFor: (amountPence) => {
          try {
            const price = priceLoan({
              principalPence: amountPence,
              drawdownDate: today,
              repaymentDates: dates,
              dailyRate: loan.daily_rate,
            });
            return Math.max(...price.schedule.map((line) => line.paymentPence));
          } catch {
            return Number.POSITIVE_INFINITY;
          }
        },
      };
    },

    /**
     * A counter-offer: the application's amount becomes the one offered; the signature of the first
     * amount is kept among the superseded ones, and its loan (never paid out, so no money moved) gives way
     * to the one the customer signs next.
     */
    async counterOffer(applicationId: number, amountPence: number, reason: string): Promise<void> {
      const now = new Date().toISOString();
      const signature = await db
        .selectFrom('esign_signatures')
        .selectAll()
        .where('application_id', '=', applicationId)
        .executeTakeFirst();
      if (signature) {
        await db
          .insertInto('esign_superseded_signatures')
          .values({ ...signature, superseded_at: now, reason: reason.slice(0, 300) })
          .execute();
        await db.deleteFrom('esign_signatures').where('application_id', '=', applicationId).execute();
      }
      await db
        .updateTable('applications')
        .set({ amount_pence: amountPence, updated_at: now })
        .where('id', '=', applicationId)
        .execute();
      await db.deleteFrom('loan_instalments').where('application_id', '=', applicationId).execute();
      await db
        .deleteFrom('loans')
        .where('application_id', '=', applicationId)
        .where('funded_on', 'is', null)
        .execute();
    },

    /** The bank account the loan is paid into: the newest given for the application, still sealed. */
    bankAccount: (applicationId: number) =>
      db
        .selectFrom('bank_accounts')
        .innerJoin('customers', 'customers.id', 'bank_accounts.customer_id')
        .select([
          'bank_accounts.sort_code_sealed',
          'bank_accounts.account_number_sealed',
          'customers.first_name',
          'customers.last_name',
        ])
        .where('bank_accounts.application_id', '=', applicationId)
        .orderBy('bank_accounts.id', 'desc')
        .executeTakeFirst(),
  };
}

export type UnderwritingRepository = ReturnType<typeof underwritingRepository>;
