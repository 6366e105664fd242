import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

export type BankAccount = {
  customerId: number;
  applicationId: number;
  sortCode: string;
  accountNumber: string;
};

/**
 * Both numbers are sealed (AES-256-GCM with DATA_KEY) before they reach the database; `open` unseals
 * them for the few reads that show part of them to their owner.
 */
export const bankAccountRepository = (
  db: DbExecutor,
  seal: (plain: string) => string,
  open: (sealed: string) => string,
) => ({
  async insert(a: BankAccount): Promise<void> {
    await db
      .insertInto('bank_accounts')
      .values({
        customer_id: a.customerId,
        application_id: a.applicationId,
        sort_code_sealed: seal(a.sortCode),
        account_number_sealed: seal(a.accountNumber),
        created_at: nowIso(),
      })
      .execute();
  },

  /** The customer's newest bank account, unsealed (the sort code and the account number); undefined: none. */
  async latestOf(
    customerId: number,
  ): Promise<{ id: number; sortCode: string; accountNumber: string } | undefined> {
    const row = await db
      .selectFrom('bank_accounts')
      .select(['id', 'sort_code_sealed', 'account_number_sealed'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        sortCode: open(row.sort_code_sealed),
        accountNumber: open(row.account_number_sealed),
      }
    );
  },

  /** A bank account given before, stored again (still sealed) for a new application: a repeat loan's payout. */
  async copyToApplication(bankAccountId: number, applicationId: number): Promise<void> {
    const { id: _id, ...account } = await db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('id', '=', bankAccountId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bank_accounts')
      .values({ ...account, application_id: applicationId, created_at: nowIso() })
      .execute();
  },

  /**
   * The account an application's loan is paid into, as documents show it: the sort code and the account
   * number's last 4 digits only (issue 45); undefined when none was given.
   */
  async payoutOf(applicationId: number): Promise<{ sortCode: string; last4: string } | undefined> {
    const row = await db
      .selectFrom('bank_accounts')
      .select(['sort_code_sealed', 'account_number_sealed'])
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { sortCode: open(row.sort_code_sealed), last4: open(row.account_number_sealed).slice(-4) };
  },

  /** Whether a bank account was given for the application. */
  async givenFor(applicationId: number): Promise<boolean> {
    const row = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('application_id', '=', applicationId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
});

export type BankAccountRepository = ReturnType<typeof bankAccountRepository>;
