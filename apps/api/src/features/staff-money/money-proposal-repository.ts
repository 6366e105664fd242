import type { Insertable, Selectable } from 'kysely';
import type { MoneyState } from '@lender/contract/calls/staff-money';
import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import type { MoneyProposalTable } from './money-proposal-tables';

export type MoneyProposal = Selectable<MoneyProposalTable>;

/** The columns a proposal is read with: its own, the customer's name and both members' names. */
const read = (db: DbExecutor) =>
  db
    .selectFrom('money_proposals as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .innerJoin('staff_members as m', 'm.id', 'p.maker_staff_id')
    .leftJoin('staff_members as k', 'k.id', 'p.checker_staff_id')
    .selectAll('p')
    .select([
      'c.first_name',
      'c.last_name',
      'm.display_name as maker_name',
      'k.display_name as checker_name',
    ]);

export type NamedProposal = MoneyProposal & {
  first_name: string;
  last_name: string;
  maker_name: string;
  checker_name: string | null;
};

/** Refunds, waivers and write-offs waiting for or decided by a checker (issue 48's four eyes). */
/** What a proposal has only once it is decided or paid out. */
type Undecided =
  | 'checker_staff_id'
  | 'checked_at'
  | 'rejection_reason'
  | 'payout_key'
  | 'payout_payment_id'
  | 'payout_error';

export function moneyProposalRepository(db: DbExecutor) {
  return {
    /** A new proposal, waiting for its checker: nothing decided or paid yet. */
    insert: (row: Omit<Insertable<MoneyProposalTable>, 'created_at' | 'state' | Undecided>) =>
      db
        .insertInto('money_proposals')
        .values({
          ...row,
          state: 'proposed',
          checker_staff_id: null,
          checked_at: null,
          rejection_reason: null,
          payout_key: null,
          payout_payment_id: null,
          payout_error: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    byId: (id: number): Promise<NamedProposal | undefined> =>
      read(db).where('p.id', '=', id).executeTakeFirst(),

    ofLoan: (applicationId: number): Promise<NamedProposal[]> =>
      read(db).where('p.application_id', '=', applicationId).orderBy('p.id', 'desc').execute(),

    /**
     * The checker's inbox, oldest first: every proposal waiting for a decision, and every refund approved
     * whose payout the provider has not confirmed (approving it again asks the provider again, same key).
     */
    waiting: (): Promise<NamedProposal[]> =>
      read(db).where('p.state', 'in', ['proposed', 'paying']).orderBy('p.id').execute(),

    /**
     * Refunds approved and not yet confirmed paid: those the provider took and the bank has not settled,
     * and those the provider never answered, while they have had fewer than `tries` tries.
     */
    paying: (tries: number): Promise<NamedProposal[]> =>
      read(db)
        .where('p.state', '=', 'paying')
        .where((eb) =>
          eb.or([eb('p.payout_payment_id', 'is not', null), eb('p.payout_attempts', '<', tries)]),
        )
        .orderBy('p.id')
        .execute(),

    /** Proposals refunding this payment that still stand (not rejected, not failed at the bank). */
    standingRefundsOf: (paymentTransactionId: number) =>
      db
        .selectFrom('money_proposals')
        .select(['id', 'state'])
        .where('payment_transaction_id', '=', paymentTransactionId)
        .where('state', 'not in', ['rejected', 'payout-failed'])
        .execute(),

    /** Moves a proposal on from the state it was read in; false when another request moved it first. */
    async move(
      id: number,
      from: MoneyState,
      change: Partial<
        Pick<
          MoneyProposal,
          | 'state'
          | 'checker_staff_id'
          | 'checked_at'
          | 'rejection_reason'
          | 'payout_key'
          | 'payout_payment_id'
          | 'payout_error'
        >
      >,
      tried = false,
    ): Promise<boolean> {
      const result = await db
        .updateTable('money_proposals')
        .set((eb) => ({ ...change, ...(tried ? { payout_attempts: eb('payout_attempts', '+', 1) } : {}) }))
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
