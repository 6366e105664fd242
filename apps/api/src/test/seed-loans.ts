import crypto from 'node:crypto';
import { addDays, addMonths, type IsoDate } from '@lender/contract/dates';
import { priceLoan } from '@lender/contract/pricing/pricing';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../app-context';
import { encrypt, sha256 } from '../lib/secrets';
import type { Behaviour } from '../sandbox/card-provider/test-cards';

const BATCH = 250;

export type SeedOptions = {
  count: number;
  /** The day every loan was paid out. */
  fundedOn: IsoDate;
  /** What the card on file does when charged (the sandbox's test cards). */
  behaviour?: Behaviour;
  /** Instalments per loan, monthly from a month after payout. */
  instalments?: number;
};

/**
 * N active loans, paid out on one day, each with its own customer, a card the sandbox can charge, the
 * signed schedule priced by the engine and the advance in the ledger: what the close of business finds
 * on a lender's book (the bench, the crash test). Written in multi-row batches, not through the API,
 * because 100,000 applications through five stages would take the bench's whole budget.
 */
export async function seedLoans(ctx: AppContext, options: SeedOptions): Promise<number[]> {
  const { count, fundedOn, behaviour = 'frictionless', instalments = 3 } = options;
  const now = new Date().toISOString();
  const ids: number[] = [];
  const run = crypto.randomBytes(4).toString('hex');
  // Mobile numbers are unique: each seeding starts at a random place among the 07 numbers.
  const firstMobile = crypto.randomInt(0, 900_000_000);
  for (let from = 0; from < count; from += BATCH) {
    const size = Math.min(BATCH, count - from);
    const n = Array.from({ length: size }, (_, k) => from + k);
    const principal = (k: number) => 10_000 + (k % 90) * 1000;
    const dates = Array.from({ length: instalments }, (_, k) => addMonths(fundedOn, k + 1));
    const prices = n.map((k) =>
      priceLoan({
        principalPence: principal(k),
        drawdownDate: fundedOn,
        repaymentDates: dates,
        dailyRate: 0.008,
      }),
    );
    await ctx.db.transaction().execute(async (trx) => {
      const customers = await trx
        .insertInto('customers')
        .values(
          n.map((k) => ({
            email: `seed.${run}.${k}@example.com`,
            mobile: `07${String(firstMobile + k).padStart(9, '0')}`,
            title_id: 1,
            first_name: 'Sam',
            last_name: `Seed${k}`,
            birth_date: '1985-06-15',
            password_hash: null,
            is_legal: 0,
            news_by_email: 0,
            news_by_sms: 0,
            post_code: 'SW1A 2AA',
            county: 'Greater London',
            town: 'London',
            street: 'Downing Street',
            building: null,
            house_number: '10',
            flat_no: null,
            address_str: '10 Downing Street, London, SW1A 2AA',
            lived_in_address_id: 5,
            residential_status_id: 7,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const apps = await trx
        .insertInto('applications')
        .values(
          customers.map((c, i) => ({
            guid: crypto.randomUUID(),
            customer_id: c.id,
            status_id: AppStatus.active,
            product_id: 11,
            amount_pence: principal(n[i]!),
            period: instalments,
            wage_frequency_id: 9,
            repayment_date: dates[0]!,
            net_monthly_income_pence: 220_000,
            num_dependents: 0,
            daily_rate_ppm: 8000,
            source: null,
            campaign: null,
            tier_name: null,
            quote_total_repayable_pence: prices[i]!.totalRepayablePence,
            quote_instalment_pence: prices[i]!.instalmentPence,
            quote_apr_percent: prices[i]!.aprPercent,
            accepted_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('loans')
        .values(
          apps.map((a, i) => ({
            application_id: a.id,
            customer_id: customers[i]!.id,
            principal_pence: principal(n[i]!),
            daily_rate: prices[i]!.dailyRate,
            priced_on: fundedOn,
            total_repayable_pence: prices[i]!.totalRepayablePence,
            funded_on: fundedOn,
            settled_on: null,
            blocked_on: null,
            blocked_reason: null,
            cpa_cancelled_at: null,
            default_notice_on: null,
            remedy_by: null,
            defaulted_on: null,
            cpa_renewed_at: null,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('loan_instalments')
        .values(
          apps.flatMap((a, i) =>
            prices[i]!.schedule.map((line, s) => ({
              application_id: a.id,
              seq: s + 1,
              due_date: line.date,
              payment_pence: line.paymentPence,
              principal_pence: line.principalPence,
              interest_pence: line.interestPence,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto('loan_transactions')
        .values(
          apps.map((a, i) => ({
            application_id: a.id,
            type: 'advance' as const,
            amount_pence: principal(n[i]!),
            on_date: fundedOn,
            reverses_id: null,
            reference: `advance:seed-${a.id}`,
            created_at: now,
          })),
        )
        .execute();
      const tokens = apps.map(() => crypto.randomBytes(24).toString('base64url'));
      await trx
        .insertInto('cards')
        .values(
          apps.map((a, i) => ({
            customer_id: customers[i]!.id,
            application_id: a.id,
            provider_token_sealed: encrypt(tokens[i]!, ctx.config.DATA_KEY),
            provider_trx_id: crypto.randomUUID(),
            last4: '1111',
            exp_month: 12,
            exp_year: Number(addDays(fundedOn, 800).slice(0, 4)),
            holder_name: 'Sam Seed',
            billing_is_home: 1,
            billing_post_code: null,
            billing_county: null,
            billing_town: null,
            billing_street: null,
            billing_building: null,
            billing_house_number: null,
            billing_flat_no: null,
            billing_address_str: null,
            created_at: now,
          })),
        )
        .execute();
      // The provider's side of each card, as its check left it (the sandbox's own table).
      await trx
        .insertInto('card_sandbox_transactions' as never)
        .values(
          tokens.map((token) => ({
            trx_id: crypto.randomUUID(),
            key_hash: sha256(crypto.randomUUID()),
            merchant_id: ctx.config.CARD_PROVIDER_MERCHANT_ID,
            behaviour,
            last4: '1111',
            exp_month: 12,
            exp_year: Number(addDays(fundedOn, 800).slice(0, 4)),
            holder: 'Sam Seed',
            client_id: null,
            fingerprinted_at: null,
            challenge: null,
            return_url: null,
            token_hash: sha256(token),
            created_at: now,
            expires_at: now,
          })) as never,
        )
        .execute();
      ids.push(...apps.map((a) => a.id));
    });
  }
  return ids;
}
