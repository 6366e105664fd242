import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';

export type BankAccount = {
  customerId: number;
  applicationId: number;
  sortCode: string;
  accountNumber: string;
};

/** Both numbers are sealed (AES-256-GCM with DATA_KEY) before they reach the database. */
export const bankAccountRepository = (db: DbExecutor, seal: (plain: string) => string) => ({
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
});

export type BankAccountRepository = ReturnType<typeof bankAccountRepository>;
