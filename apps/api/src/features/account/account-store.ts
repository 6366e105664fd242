import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import type { OutgoingMessage } from '../../lib/outbox';
import type { RevokeReason } from '../../lib/sessions/session-store';
import { accountCustomerRepository, type AccountCustomerRepository } from './account-customer-repository';
import { emailChangeRepository, type EmailChangeRepository } from './email-change-repository';
import { passwordLinkRepository, type PasswordLinkRepository } from '../../lib/password-link-repository';

/** Everything the account services read and write, bound to the database or to one transaction. */
export type AccountRepositories = {
  customers: AccountCustomerRepository;
  passwordLinks: PasswordLinkRepository;
  emailChanges: EmailChangeRepository;
  /** The outbox, storing a message in the same transaction as the change it tells about. */
  outbox: { enqueue(message: OutgoingMessage): Promise<void> };
  /** Ends a customer's sessions but `keep`, in the same transaction as the password change. */
  sessions: { revokeCustomer(customerId: number, reason: RevokeReason, keep?: number | null): Promise<void> };
};

export type AccountStore = AccountRepositories & {
  /** Runs `work` in one transaction, with every repository it is handed bound to that transaction. */
  transaction<T>(work: (repositories: AccountRepositories) => Promise<T>): Promise<T>;
};

export function accountStore(ctx: Pick<AppContext, 'db' | 'outbox' | 'sessions'>): AccountStore {
  const bind = (db: DbExecutor): AccountRepositories => ({
    customers: accountCustomerRepository(db),
    passwordLinks: passwordLinkRepository(db),
    emailChanges: emailChangeRepository(db),
    outbox: { enqueue: (message) => ctx.outbox.enqueue(db, message) },
    sessions: {
      revokeCustomer: (customerId, reason, keep = null) =>
        ctx.sessions.revokeCustomer(customerId, reason, keep, db),
    },
  });
  return { ...bind(ctx.db), transaction: (work) => ctx.db.transaction().execute((trx) => work(bind(trx))) };
}
