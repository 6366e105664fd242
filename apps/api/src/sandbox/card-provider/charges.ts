import { sql, type Insertable, type Selectable } from 'kysely';
import { Codes, type Code } from './codes';
import { monthNumber } from './expiry';
import type { SandboxChargeTable, SandboxDb } from './tables';

export type SandboxCharge = Selectable<SandboxChargeTable>;

export const findCharge = (db: SandboxDb, merchantId: string, reference: string) =>
  db
    .selectFrom('card_sandbox_charges')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('reference', '=', reference)
    .executeTakeFirst();

/** What the card behind a token answers a charge: none known, expired, set to decline, or good. */
const ANSWERS: [state: string, code: Code][] = [
  ['unknown', Codes.unknownCard],
  ['expired', Codes.expiredCard],
  ['declines', Codes.insufficientFunds],
  ['good', Codes.success],
];
const codeColumn = (field: 'z2' | 'z3') =>
  sql`case card.state ${sql.join(
    ANSWERS.map(([state, code]) => sql`when ${state} then ${code[field]}`),
    sql` `,
  )} end`;

export type NewCharge = Omit<Insertable<SandboxChargeTable>, 'outcome' | 'z2' | 'z3'>;

/**
 * Charges the card behind `token_hash` (approved, or declined with the card's code) and records it, or
 * gives back the charge made first under the same reference (an earlier call, or a concurrent one),
 * whatever the card's state now. The card is read and the charge stored in one statement when the
 * reference is new, as it is for nearly every charge: a due day sends one per loan. A card is good to
 * the last day of its expiry month in `today`'s month (expiry.ts).
 */
export async function chargeOnce(db: SandboxDb, row: NewCharge, today: string): Promise<SandboxCharge> {
  const { rows } = await sql<SandboxCharge>`
    with card as (
      select coalesce((
        select case
          when t.exp_year * 12 + t.exp_month < ${monthNumber(today)} then 'expired'
          when t.behaviour = 'declines-charges' then 'declines'
          else 'good' end
        from card_sandbox_transactions t
        where t.token_hash = ${row.token_hash} and t.merchant_id = ${row.merchant_id}
      ), 'unknown') as state
    )
    insert into card_sandbox_charges
      (charge_id, merchant_id, reference, token_hash, amount_pence, outcome, z2, z3, created_at)
    select ${row.charge_id}, ${row.merchant_id}, ${row.reference}, ${row.token_hash},
      cast(${row.amount_pence} as integer),
      case when card.state = 'good' then 'approved' else 'declined' end,
      ${codeColumn('z2')}, ${codeColumn('z3')}, ${row.created_at}
    from card
    where true
    on conflict (merchant_id, reference) do nothing
    returning *`.execute(db);
  const inserted = rows[0];
  if (inserted) return inserted;
  const first = await findCharge(db, row.merchant_id, row.reference);
  if (!first) throw new Error(`The charge ${row.reference} conflicts with one that cannot be read.`);
  return first;
}
