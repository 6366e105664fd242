import { decisionFindingsRepository } from './applications/decision/decision-findings-repository';
import { bankConnectionRepository } from './open-banking/bank-connection-repository';
import type { AppContext } from '../app-context';
import type { Db, DbExecutor } from '../db/create-db';
import type { OutgoingMessage } from '../lib/outbox';
import { decrypt, encrypt } from '../lib/secrets';
import type { RevokeReason, TokenPair } from '../lib/sessions/session-store';
import { affordabilityRepository } from './affordability/affordability-repository';
import { applicationRepository } from './applications/application-repository';
import { bankAccountRepository } from './bank-accounts/bank-account-repository';
import { cardRepository } from './cards/card-repository';
import { creditSearchRepository } from './credit-searches/credit-search-repository';
import { customerRepository } from './customers/customer-repository';
import { breathingSpaceRepository } from './loans/breathing-space-repository';
import { loanRepository } from './loans/loan-repository';
import { withdrawalRepository } from './loans/withdrawal-repository';
import { emailChangeRepository } from './one-time-secrets/email-change-repository';
import { passwordLinkRepository } from './one-time-secrets/password-link-repository';

/**
 * Repositories bound to the database, or to one transaction, with `transaction` to run work in one:
 * every repository `work` is handed writes in that transaction, so a change and the message that tells
 * of it (the outbox) commit together or not at all.
 */
export type UnitOfWork<R> = R & {
  /** `trx` is for work another feature adds (given by the composition root), bound to the same transaction. */
  transaction<T>(work: (repositories: R, trx: DbExecutor) => Promise<T>): Promise<T>;
};

export function unitOfWork<R>(db: Db, bind: (db: DbExecutor) => R): UnitOfWork<R> {
  return { ...bind(db), transaction: (work) => db.transaction().execute((trx) => work(bind(trx), trx)) };
}

/** The shared entities, the outbox and the session store, bound to `db`: what every feature builds on. */
export const entityRepositories =
  (ctx: Pick<AppContext, 'config' | 'outbox' | 'sessions'>) => (db: DbExecutor) => {
    const seal = (plain: string) => encrypt(plain, ctx.config.DATA_KEY);
    const open = (sealed: string) => decrypt(sealed, ctx.config.DATA_KEY);
    return {
      customers: customerRepository(db),
      applications: applicationRepository(db),
      cards: cardRepository(db, seal),
      bankAccounts: bankAccountRepository(db, seal, open),
      affordability: affordabilityRepository(db),
      passwordLinks: passwordLinkRepository(db),
      emailChanges: emailChangeRepository(db),
      loans: loanRepository(db),
      withdrawals: withdrawalRepository(db),
      breathingSpaces: breathingSpaceRepository(db),
      creditSearches: creditSearchRepository(db, seal, open),
      bankConnections: bankConnectionRepository(db, seal),
      decisionFindings: decisionFindingsRepository(db),
      /** Stores a message in the same transaction as the change it tells about. */
      outbox: { enqueue: (message: OutgoingMessage) => ctx.outbox.enqueue(db, message) },
      sessions: {
        issue: (customerId: number): Promise<TokenPair> => ctx.sessions.issue(customerId, db),
        /** Ends a customer's sessions but `keep`, in the same transaction as the change that calls for it. */
        revokeCustomer: (customerId: number, reason: RevokeReason, keep: number | null = null) =>
          ctx.sessions.revokeCustomer(customerId, reason, keep, db),
        recordPasswordProof: (familyId: number) => ctx.sessions.recordPasswordProof(familyId),
        passwordIsFresh: (familyId: number) => ctx.sessions.passwordIsFresh(familyId),
      },
    };
  };

export type EntityRepositories = ReturnType<ReturnType<typeof entityRepositories>>;
export type EntityStore = UnitOfWork<EntityRepositories>;

/** The shared entities as one unit of work. */
export const entityStore = (ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions'>): EntityStore =>
  unitOfWork(ctx.db, entityRepositories(ctx));
