import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import type { OutgoingMessage } from '../../lib/outbox';
import { passwordLinkRepository, type PasswordLinkRepository } from '../../lib/password-link-repository';
import { encrypt } from '../../lib/secrets';
import { affordabilityRepository, type AffordabilityRepository } from './affordability-repository';
import { applicationRepository, type ApplicationRepository } from './application-repository';
import { bankAccountRepository, type BankAccountRepository } from './bank-account-repository';
import { cardRepository, type CardRepository } from './card-repository';
import { customerRepository, type CustomerRepository } from './customer-repository';
import { esignRepository, type EsignRepository } from './esign-repository';

/** Everything the register services read and write, bound to the database or to one transaction. */
export type RegisterRepositories = {
  customers: CustomerRepository;
  applications: ApplicationRepository;
  passwordLinks: PasswordLinkRepository;
  cards: CardRepository;
  affordability: AffordabilityRepository;
  bankAccounts: BankAccountRepository;
  esign: EsignRepository;
  /** The outbox, storing a message in the same transaction as the change it tells about. */
  outbox: { enqueue(message: OutgoingMessage): Promise<void> };
  sessions: { issue(customerId: number): Promise<{ token: string; refreshToken: string }> };
};

export type RegisterStore = RegisterRepositories & {
  /** Runs `work` in one transaction, with every repository it is handed bound to that transaction. */
  transaction<T>(work: (repositories: RegisterRepositories) => Promise<T>): Promise<T>;
};

export function registerStore(ctx: AppContext): RegisterStore {
  const seal = (plain: string) => encrypt(plain, ctx.config.DATA_KEY);
  const bind = (db: DbExecutor): RegisterRepositories => ({
    customers: customerRepository(db),
    applications: applicationRepository(db),
    passwordLinks: passwordLinkRepository(db),
    cards: cardRepository(db, seal),
    affordability: affordabilityRepository(db),
    bankAccounts: bankAccountRepository(db, seal),
    esign: esignRepository(db),
    outbox: { enqueue: (message) => ctx.outbox.enqueue(db, message) },
    sessions: { issue: (customerId) => ctx.sessions.issue(customerId, db) },
  });
  return { ...bind(ctx.db), transaction: (work) => ctx.db.transaction().execute((trx) => work(bind(trx))) };
}
