import type { BankConnections, RETURN_TO } from '@lender/contract/calls/open-banking';
import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { BankConnectionTable } from './bank-connection-tables';
import { nowIso } from '../../lib/clock';
import type { BankTransaction } from '../../lib/open-banking/account-information';
import type { VerifiedFigures } from './verified-figures';

/** Raw transactions are kept this long after the decision that read them, then deleted (issue 49). */
export const TRANSACTIONS_KEPT_DAYS = 30;
/** A verification older than this is not decided on: a statement a week old no longer shows this month. */
export const VERIFICATION_FRESH_DAYS = 7;

/** As the contract names them: the account area shows a connection's status, stage 3 and the repeat form return to. */
export type ConnectionStatus = BankConnections['connections'][number]['status'];
export type ReturnTo = (typeof RETURN_TO)[number];

export type BankConnection = {
  id: number;
  guid: string;
  customerId: number;
  applicationId: number | null;
  returnTo: ReturnTo;
  bankId: string;
  bankName: string;
  consentId: string;
  status: ConnectionStatus;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  revokedAt: string | null;
};

export type Verification = {
  id: number;
  connectionGuid: string;
  /** The bank's consent id: the reference the decision's findings name. */
  consentReference: string;
  bankName: string;
  applicationId: number | null;
  readOn: IsoDate;
  figures: VerifiedFigures;
};

const connectionOf = (r: Selectable<BankConnectionTable>): BankConnection => ({
  id: r.id,
  guid: r.guid,
  customerId: r.customer_id,
  applicationId: r.application_id,
  returnTo: r.return_to as ReturnTo,
  bankId: r.bank_id,
  bankName: r.bank_name,
  consentId: r.consent_id,
  status: r.status as ConnectionStatus,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  completedAt: r.completed_at,
  revokedAt: r.revoked_at,
});

/** The applicant's bank connections and what they showed; the transactions sealed with the data key. */
export const bankConnectionRepository = (db: DbExecutor, seal: (plain: string) => string) => ({
  async insert(c: {
    guid: string;
    customerId: number;
    applicationId: number | null;
    returnTo: ReturnTo;
    bankId: string;
    bankName: string;
    consentId: string;
    stateHash: string;
    expiresAt: string;
  }): Promise<void> {
    await db
      .insertInto('bank_connections')
      .values({
        guid: c.guid,
        customer_id: c.customerId,
        application_id: c.applicationId,
        return_to: c.returnTo,
        bank_id: c.bankId,
        bank_name: c.bankName,
        consent_id: c.consentId,
        state_hash: c.stateHash,
        status: 'awaiting',
        created_at: nowIso(),
        expires_at: c.expiresAt,
      })
      .execute();
  },

  async byStateHash(stateHash: string): Promise<BankConnection | null> {
    const row = await db
      .selectFrom('bank_connections')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    return row ? connectionOf(row) : null;
  },

  async byGuid(customerId: number, guid: string): Promise<BankConnection | null> {
    const row = await db
      .selectFrom('bank_connections')
      .selectAll()
      .where('guid', '=', guid)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return row ? connectionOf(row) : null;
  },

  async ofCustomer(customerId: number): Promise<BankConnection[]> {
    const rows = await db
      .selectFrom('bank_connections')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(connectionOf);
  },

  /** Moves an awaiting connection on; false when it had already moved (a second return of the same state). */
  async settle(id: number, status: ConnectionStatus, from: ConnectionStatus = 'awaiting'): Promise<boolean> {
    const at = nowIso();
    const res = await db
      .updateTable('bank_connections')
      .set({
        status,
        completed_at: from === 'awaiting' ? at : undefined,
        revoked_at: status === 'revoked' ? at : undefined,
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async recordRead(v: {
    connectionId: number;
    customerId: number;
    applicationId: number | null;
    figures: VerifiedFigures;
    transactions: readonly BankTransaction[];
    readOn: IsoDate;
  }): Promise<void> {
    await db
      .insertInto('bank_verifications')
      .values({
        connection_id: v.connectionId,
        customer_id: v.customerId,
        application_id: v.applicationId,
        figures_json: JSON.stringify(v.figures),
        transactions_sealed: seal(JSON.stringify(v.transactions)),
        read_on: v.readOn,
        delete_transactions_on: addDays(v.readOn, TRANSACTIONS_KEPT_DAYS),
        read_at: nowIso(),
      })
      .execute();
  },

  /**
   * The customer's newest verification a decision may use on `today`: read in the last
   * VERIFICATION_FRESH_DAYS through a connection still standing (not revoked: the applicant withdrew it),
   * for this application, or for none yet (a repeat loan's, before its application exists).
   */
  async usable(
    customerId: number,
    applicationId: number | null,
    today: IsoDate,
  ): Promise<Verification | null> {
    let q = db
      .selectFrom('bank_verifications')
      .innerJoin('bank_connections', 'bank_connections.id', 'bank_verifications.connection_id')
      .select([
        'bank_verifications.id',
        'bank_verifications.application_id',
        'bank_verifications.figures_json',
        'bank_verifications.read_on',
        'bank_connections.guid',
        'bank_connections.consent_id',
        'bank_connections.bank_name',
      ])
      .where('bank_verifications.customer_id', '=', customerId)
      .where('bank_connections.status', '=', 'connected')
      .where('bank_verifications.read_on', '>=', addDays(today, -VERIFICATION_FRESH_DAYS));
    q =
      applicationId === null
        ? q.where('bank_verifications.application_id', 'is', null)
        : q.where('bank_verifications.application_id', '=', applicationId);
    const row = await q.orderBy('bank_verifications.id', 'desc').executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      connectionGuid: row.guid,
      consentReference: row.consent_id,
      bankName: row.bank_name,
      applicationId: row.application_id,
      readOn: row.read_on,
      figures: JSON.parse(row.figures_json) as VerifiedFigures,
    };
  },

  /** The verification decided on: kept with `applicationId`, its transactions deleted 30 days after `today`. */
  async decidedOn(verificationId: number, applicationId: number, today: IsoDate): Promise<void> {
    await db
      .updateTable('bank_verifications')
      .set({ application_id: applicationId, delete_transactions_on: addDays(today, TRANSACTIONS_KEPT_DAYS) })
      .where('id', '=', verificationId)
      .execute();
  },

  /** Deletes the transactions due for deletion on `today`; the figures stay. How many were deleted. */
  async deleteDueTransactions(today: IsoDate): Promise<number> {
    const res = await db
      .updateTable('bank_verifications')
      .set({ transactions_sealed: null })
      .where('delete_transactions_on', '<=', today)
      .where('transactions_sealed', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** Awaiting or connected consents past their expiry, marked expired (the bank lapses them itself). */
  async expireLapsed(now: string): Promise<number> {
    const res = await db
      .updateTable('bank_connections')
      .set({ status: 'expired' })
      .where('status', 'in', ['awaiting', 'connected'])
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },
});

export type BankConnectionRepository = ReturnType<typeof bankConnectionRepository>;
