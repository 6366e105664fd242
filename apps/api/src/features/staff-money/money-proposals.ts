import type { z } from 'zod';
import { formatPence } from '@lender/contract/money';
import type { MoneyKind, moneyProposalSchema } from '@lender/contract/calls/staff-money';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { SYSTEM, staffActor, type Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { positionOf } from '../../entities/loans/ledger';
import { endRepaidLoan } from '../../entities/loans/loan-end';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import { nowIso } from '../../lib/clock';
import { waitForLoan } from '../../lib/loan-batch-lock';
import type { PayoutProvider } from '../../lib/payout-provider/payout-provider';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import { moneyProposalRepository, type NamedProposal } from './money-proposal-repository';
import { figuresOf, KIND_WORDS, limitProblem, postingsOf } from './money-rules';
import { viewOf } from './money-view';

type ProposalView = z.output<typeof moneyProposalSchema>;

/** Who acts and from where: the audit keeps both. */
export type MoneyActing = { staffId: number; address: string };
/** Who follows a refund's payout: the approving team-lead, or the server's sweep (no address). */
type PayoutActing = { actor: Actor; address: string | null };
const approver = (by: MoneyActing): PayoutActing => ({ actor: staffActor(by.staffId), address: by.address });

/**
 * Tries of a refund's payout at a provider that does not answer, the approval's included, after which the
 * sweep stops and the inbox shows the problem for a person (as a loan's payout, docs/decisions/023).
 */
export const REFUND_PAYOUT_TRIES = 5;

export type Proposed = {
  loanId: number;
  amountPence: number;
  reason: string;
  /** A refund of a payment taken in error: its ledger row. */
  paymentId?: number | null;
};

/** Thrown inside the approval's transaction to roll it back with a refusal staff read. */
class Refused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Four eyes on money (issue 48 item 5, docs/decisions/065-staff-money-four-eyes.md): a refund, a waiver of
 * interest or fees, or a write-off is proposed by one member of staff and reaches the ledger only when a
 * team-lead who is not the maker approves it. Amounts are checked against the ledger when proposed and
 * again when approved (the loan may have moved in between). A refund is then paid to the customer's bank
 * account under a key stored before the provider is called, so an approval or payout asked again pays once.
 */
export function moneyProposals(ctx: AppContext, provider: PayoutProvider) {
  const store = unitOfWork(ctx.db, (db) => ({
    ...entityRepositories(ctx)(db),
    proposals: moneyProposalRepository(db),
    audit: auditRepository(db),
  }));

  const bookOf = async (loanId: number, db: DbExecutor = ctx.db) =>
    (await entityRepositories(ctx)(db).loans.books([loanId])).get(loanId);

  async function propose(
    kind: MoneyKind,
    input: Proposed,
    by: MoneyActing,
  ): Promise<StaffResult<ProposalView>> {
    const book = await bookOf(input.loanId);
    if (!book) return refused(`No loan ${input.loanId}.`, 'unknown');
    const paymentId = kind === 'refund' ? (input.paymentId ?? null) : null;
    const problem = await limitProblem(kind, book, input.amountPence, paymentId, ctx.db);
    if (problem) return refused(problem.message, problem.code);
    const id = await store.transaction(async ({ proposals, audit }) => {
      const { id } = await proposals.insert({
        application_id: input.loanId,
        customer_id: book.loan.customer_id,
        kind,
        payment_transaction_id: paymentId,
        amount_pence: input.amountPence,
        reason: input.reason,
        maker_staff_id: by.staffId,
        proposed_on: ctx.businessDate.today(),
      });
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'money-proposed',
        subject: { type: 'loan', id: String(input.loanId) },
        details: {
          proposalId: id,
          customerId: book.loan.customer_id,
          kind,
          amountPence: input.amountPence,
          paymentId,
          reason: input.reason,
          maker: staffActor(by.staffId),
          before: figuresOf(positionOf(book.terms, book.rows)),
          address: by.address,
        },
      });
      return id;
    });
    return done(viewOf((await store.proposals.byId(id))!));
  }

  /** A refund approved: pays it (again, under its own key) or asks how a pending payment stands. */
  async function payOut(proposal: NamedProposal, by: PayoutActing): Promise<void> {
    const key = proposal.payout_key!;
    let result;
    if (proposal.payout_payment_id) {
      result = await provider.status(proposal.payout_payment_id);
    } else {
      const account = await store.bankAccounts.latestOf(proposal.customer_id);
      if (!account) {
        await failed(proposal, 'no bank account on file to pay the refund into', by);
        return;
      }
      result = await provider.send({
        idempotencyKey: key,
        sortCode: account.sortCode,
        accountNumber: account.accountNumber,
        accountName: `${proposal.first_name} ${proposal.last_name}`.slice(0, 70),
        amountPence: proposal.amount_pence,
        reference: `REFUND ${proposal.application_id}`.slice(0, 18),
      });
    }
    switch (result.outcome) {
      case 'paid':
        await store.transaction(async ({ proposals, audit }) => {
          if (
            !(await proposals.move(proposal.id, 'paying', {
              state: 'paid',
              payout_payment_id: result.paymentId,
              payout_error: null,
            }))
          )
            return;
          await audit.record({
            actor: by.actor,
            action: 'money-paid-out',
            subject: { type: 'loan', id: String(proposal.application_id) },
            details: {
              proposalId: proposal.id,
              customerId: proposal.customer_id,
              amountPence: proposal.amount_pence,
              paymentId: result.paymentId,
              address: by.address,
            },
          });
        });
        return;
      case 'pending':
        await store.proposals.move(
          proposal.id,
          'paying',
          { payout_payment_id: result.paymentId, payout_error: 'waiting for the bank' },
          true,
        );
        return;
      case 'rejected':
        await failed(proposal, `the bank refused the refund: ${result.reason}`, by, result.paymentId);
        return;
      case 'unavailable':
        await store.proposals.move(
          proposal.id,
          'paying',
          { payout_error: `the payout provider did not answer: ${result.reason}`.slice(0, 300) },
          true,
        );
        return;
    }
  }

  /** A refund the bank refused: its ledger rows are reversed, so the credit (or the payment) stands again. */
  async function failed(proposal: NamedProposal, why: string, by: PayoutActing, paymentId?: string) {
    const today = ctx.businessDate.today();
    await store.transaction(async ({ proposals, loans, audit }, trx) => {
      if (
        !(await proposals.move(proposal.id, 'paying', {
          state: 'payout-failed',
          payout_error: why.slice(0, 300),
          payout_payment_id: paymentId ?? null,
        }))
      )
        return;
      const posted = await trx
        .selectFrom('loan_transactions')
        .select(['id', 'amount_pence', 'reference'])
        .where('reference', 'in', [`money:${proposal.id}`, `money-rest:${proposal.id}`])
        .execute();
      await loans.post(
        posted.map((r) => ({
          applicationId: proposal.application_id,
          type: 'reversal' as const,
          amountPence: r.amount_pence,
          onDate: today,
          reversesId: r.id,
          reference: `undo-${r.reference}`,
          actor: by.actor,
        })),
      );
      await audit.record({
        actor: by.actor,
        action: 'money-payout-failed',
        subject: { type: 'loan', id: String(proposal.application_id) },
        details: {
          proposalId: proposal.id,
          customerId: proposal.customer_id,
          why,
          reversed: posted.map((r) => r.reference),
          address: by.address,
        },
      });
    });
  }

  return {
    proposeRefund: (input: Proposed, by: MoneyActing) => propose('refund', input, by),
    proposeWaiver: (input: Proposed, by: MoneyActing) => propose('waiver', input, by),
    proposeWriteOff: (input: Proposed, by: MoneyActing) => propose('write-off', input, by),

    async ofLoan(loanId: number): Promise<ProposalView[]> {
      return (await store.proposals.ofLoan(loanId)).map(viewOf);
    },

    async waiting(): Promise<ProposalView[]> {
      return (await store.proposals.waiting()).map(viewOf);
    },

    async reject(id: number, reason: string, by: MoneyActing): Promise<StaffResult<ProposalView>> {
      const proposal = await store.proposals.byId(id);
      if (!proposal) return refused(`No proposal ${id}.`, 'unknown');
      if (proposal.maker_staff_id === by.staffId) {
        return refused('You proposed this: another team-lead must decide it.', 'own');
      }
      const moved = await store.transaction(async ({ proposals, audit }) => {
        const ok = await proposals.move(id, 'proposed', {
          state: 'rejected',
          checker_staff_id: by.staffId,
          checked_at: nowIso(),
          rejection_reason: reason,
        });
        if (!ok) return false;
        await audit.record({
          actor: staffActor(by.staffId),
          action: 'money-rejected',
          subject: { type: 'loan', id: String(proposal.application_id) },
          details: {
            proposalId: id,
            customerId: proposal.customer_id,
            kind: proposal.kind,
            amountPence: proposal.amount_pence,
            maker: staffActor(proposal.maker_staff_id),
            checker: staffActor(by.staffId),
            reason,
            address: by.address,
          },
        });
        return true;
      });
      if (!moved) return refused(`Proposal ${id} was already decided (${proposal.state}).`, 'state');
      return done(viewOf((await store.proposals.byId(id))!));
    },

    /**
     * The server's sweep (every 15 s): every approved refund not yet confirmed paid is asked after (a
     * payment the bank has not settled) or sent again under its own key (a provider that did not answer),
     * until the provider answers or the tries run out; then it waits in the inbox for a person.
     */
    async followPayouts(): Promise<number> {
      const open = await store.proposals.paying(REFUND_PAYOUT_TRIES);
      for (const proposal of open) await payOut(proposal, { actor: SYSTEM.payouts, address: null });
      return open.length;
    },

    /** Whether any approved refund waits for its payout to be followed (a read; the sweep's lock waits for it). */
    hasPayoutsToFollow: async () => (await store.proposals.paying(REFUND_PAYOUT_TRIES)).length > 0,

    /**
     * Approves and posts it; a refund is then paid out. Asked again (a retry, a second click, another
     * team-lead), a posted proposal is never posted again, and a refund still being paid is asked after
     * under the same key: it pays once.
     */
    async approve(id: number, by: MoneyActing): Promise<StaffResult<ProposalView>> {
      let proposal = await store.proposals.byId(id);
      if (!proposal) return refused(`No proposal ${id}.`, 'unknown');
      if (proposal.maker_staff_id === by.staffId) {
        return refused('You proposed this: another team-lead must decide it.', 'own');
      }
      if (proposal.state === 'proposed') {
        if ((await waitForLoan(ctx.db, proposal.application_id, ctx.config.COB_LOAN_WAIT_MS)) === 'held') {
          return refused(
            'The close of business is working on this loan: please try again in a minute.',
            'busy',
          );
        }
        const today = ctx.businessDate.today();
        const p = proposal;
        let ended: string | null = null;
        try {
          await store.transaction(async ({ proposals, loans, audit }, trx) => {
            const refund = p.kind === 'refund';
            const moved = await proposals.move(id, 'proposed', {
              state: refund ? 'paying' : 'posted',
              checker_staff_id: by.staffId,
              checked_at: nowIso(),
              payout_key: refund ? `refund-${id}` : null,
            });
            if (!moved) return; // Another request decided it first: its outcome is read below.
            const book = (await loans.books([p.application_id])).get(p.application_id)!;
            const problem = await limitProblem(
              p.kind,
              book,
              p.amount_pence,
              p.payment_transaction_id,
              trx,
              id,
            );
            if (problem) throw new Refused(problem.message, problem.code);
            const before = positionOf(book.terms, book.rows);
            const postings = postingsOf(p, book, today, staffActor(by.staffId));
            await loans.post(postings);
            const after = (await loans.books([p.application_id])).get(p.application_id)!;
            const afterPosition = positionOf(after.terms, after.rows);
            const who = { maker: staffActor(p.maker_staff_id), checker: staffActor(by.staffId) };
            const about = {
              proposalId: id,
              customerId: p.customer_id,
              kind: p.kind,
              amountPence: p.amount_pence,
            };
            await audit.record({
              actor: staffActor(by.staffId),
              action: 'money-approved',
              subject: { type: 'loan', id: String(p.application_id) },
              details: { ...about, ...who, reason: p.reason, address: by.address },
            });
            await audit.record({
              actor: staffActor(by.staffId),
              action: 'money-posted',
              subject: { type: 'loan', id: String(p.application_id) },
              details: {
                ...about,
                ...who,
                ledger: postings.map((x) => ({
                  type: x.type,
                  amountPence: x.amountPence,
                  reference: x.reference,
                })),
                before: figuresOf(before),
                after: figuresOf(afterPosition),
                address: by.address,
              },
            });
            // A write-off or waiver that leaves nothing owed ends the loan now, as a payment that repays
            // it does (the close of business would find it repaid that evening otherwise).
            if (!refund && afterPosition.totalDuePence === 0 && !after.loan.settled_on) {
              ended = `${KIND_WORDS[p.kind]} of ${formatPence(p.amount_pence)} approved on ${today} (proposal ${id})`;
            }
          });
        } catch (e) {
          if (e instanceof Refused) return refused(e.message, e.code);
          throw e;
        }
        // After the posting's transaction (a crash between the two loses nothing: the close of business
        // ends a loan that owes nothing).
        if (ended) {
          await endRepaidLoan(
            store,
            { id: p.application_id, customerId: p.customer_id },
            today,
            ended,
            staffActor(by.staffId),
          );
        }
        proposal = (await store.proposals.byId(id))!;
      }
      if (proposal.state === 'rejected') {
        return refused(`Proposal ${id} was rejected: ${proposal.rejection_reason ?? ''}`.trim(), 'state');
      }
      if (proposal.state === 'paying') {
        await payOut(proposal, approver(by));
        proposal = (await store.proposals.byId(id))!;
      }
      return done(viewOf(proposal));
    },
  };
}

export type MoneyProposals = ReturnType<typeof moneyProposals>;
