import { londonToday, type IsoDate } from '@lender/contract/dates';
import type { Insertable, Selectable } from 'kysely';
import type { Db, DbExecutor } from '../../db/create-db';
import type { DocumentTable } from './document-tables';
import { nowIso } from '../../lib/clock';
import { newDocumentKey, type DocumentStore } from '../../lib/document-store';
import { lockKeyUntilCommit } from '../../lib/key-lock';
import { sha256 } from '../../lib/secrets';

export type DocumentRow = Selectable<DocumentTable>;
export type NewDocument = Omit<
  Insertable<DocumentTable>,
  'id' | 'created_at' | 'deleted_at' | 'storage_key' | 'size_bytes' | 'sha256' | 'created_on'
> & { created_on?: IsoDate };

/**
 * A customer's documents (docs/decisions/028). Every read names the customer: a document is found only
 * among its owner's, so no id, guid or path reaches another customer's.
 */
export function documentRepository(db: DbExecutor) {
  /** The row of a file already written under `key`. */
  const insertFileRow = async (on: DbExecutor, doc: NewDocument, key: string, bytes: Uint8Array) => {
    const row = await on
      .insertInto('documents')
      .values({
        ...doc,
        storage_key: key,
        size_bytes: bytes.length,
        sha256: sha256(bytes),
        created_on: doc.created_on ?? londonToday(),
        created_at: nowIso(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const countUploads = async (on: DbExecutor, customerId: number): Promise<number> => {
    const row = await on
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('kind', '=', 'upload')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /**
   * Writes the file, then runs `insert` for its row; the file goes again when no row names it (a refusal
   * or a failure), so a row never names a missing file and no file is left without a row.
   */
  async function withFile(
    store: DocumentStore,
    bytes: Uint8Array,
    insert: (key: string) => Promise<number | null>,
  ): Promise<number | null> {
    const key = newDocumentKey();
    await store.put(key, bytes);
    let id: number | null = null;
    try {
      id = await insert(key);
      return id;
    } finally {
      if (id === null) await store.delete(key).catch(() => {});
    }
  }

  return {
    /** A stored file's row, after its file: the file is written first, so a row never names a missing file. */
    async storeFile(store: DocumentStore, doc: NewDocument, bytes: Uint8Array): Promise<number> {
      return (await withFile(store, bytes, (key) => insertFileRow(db, doc, key, bytes)))!;
    },

    /** A letter we send about a loan (a notice, a statement, a final response), kept as a PDF among the customer's documents. */
    async storeLetter(
      store: DocumentStore,
      letter: {
        customerId: number;
        applicationId: number | null;
        title: string;
        reference: string | null;
        on: IsoDate;
      },
      pdf: Uint8Array,
    ): Promise<number> {
      const doc: NewDocument = {
        customer_id: letter.customerId,
        kind: 'letter',
        category_id: null,
        title: letter.title,
        application_id: letter.applicationId,
        reference: letter.reference,
        content_type: 'application/pdf',
        created_on: letter.on,
      };
      return (await withFile(store, pdf, (key) => insertFileRow(db, doc, key, pdf)))!;
    },

    /**
     * A customer's upload, stored only while they have fewer than `cap` (issue 45): the count and the
     * insert run in one transaction under a lock on the customer, so uploads sent at once are counted one
     * after another, never all against the same count. The lock is lockKeyUntilCommit's (PostgreSQL: an
     * advisory lock; SQLite: the write lock every transaction takes at its start, and one transaction at a
     * time on Kysely's one connection). The file is written before, outside the lock, so no upload waits
     * on another's file; a refused upload's file goes again. Null: the cap is reached, nothing is kept.
     */
    async storeUploadUnderCap(
      store: DocumentStore,
      doc: NewDocument & { kind: 'upload' },
      bytes: Uint8Array,
      cap: number,
    ): Promise<number | null> {
      const admit = async (trx: DbExecutor, key: string) => {
        await lockKeyUntilCommit(trx, `document-uploads:${doc.customer_id}`);
        if ((await countUploads(trx, doc.customer_id)) >= cap) return null;
        return insertFileRow(trx, doc, key, bytes);
      };
      return withFile(store, bytes, (key) =>
        db.isTransaction ? admit(db, key) : (db as Db).transaction().execute((trx) => admit(trx, key)),
      );
    },

    /** The customer's document of this id, not deleted; undefined for anyone else's or none. */
    ofCustomer: (customerId: number, id: number) =>
      db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Newest first. */
    listOf: (customerId: number) =>
      db
        .selectFrom('documents')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('deleted_at', 'is', null)
        .orderBy('created_on', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    uploadsOf: (customerId: number): Promise<number> => countUploads(db, customerId),

    /** Marks an upload deleted (the row stays as a record that it existed) and forgets its file. */
    async deleteUpload(customerId: number, id: number): Promise<boolean> {
      const result = await db
        .updateTable('documents')
        .set({ deleted_at: nowIso(), storage_key: null })
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .where('kind', '=', 'upload')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The lender's documents every customer has without asking: the signed agreement of each loan (the
     * PDF kept at signature) and the summary of borrowing once a loan was paid out. Made the first time
     * they are listed, once each (a unique reference).
     */
    async addLenderDocuments(customerId: number): Promise<void> {
      const signed = await db
        .selectFrom('esign_signatures')
        .innerJoin('applications', 'applications.id', 'esign_signatures.application_id')
        .select(['esign_signatures.application_id', 'esign_signatures.signed_at'])
        .where('applications.customer_id', '=', customerId)
        .execute();
      const funded = await db
        .selectFrom('loans')
        .select('funded_on')
        .where('customer_id', '=', customerId)
        .where('funded_on', 'is not', null)
        .orderBy('funded_on')
        .limit(1)
        .executeTakeFirst();
      const now = nowIso();
      const rows: Insertable<DocumentTable>[] = signed.map((s) => ({
        customer_id: customerId,
        kind: 'agreement',
        category_id: null,
        title: `Loan agreement ${s.application_id}`,
        application_id: s.application_id,
        reference: `agreement:${s.application_id}`,
        storage_key: null,
        content_type: 'application/pdf',
        size_bytes: null,
        sha256: null,
        created_on: londonToday(new Date(s.signed_at)),
        created_at: now,
        deleted_at: null,
      }));
      if (funded?.funded_on) {
        rows.push({
          customer_id: customerId,
          kind: 'summary',
          category_id: null,
          title: 'Summary of borrowing',
          application_id: null,
          reference: `summary:${customerId}`,
          storage_key: null,
          content_type: 'application/pdf',
          size_bytes: null,
          sha256: null,
          created_on: funded.funded_on,
          created_at: now,
          deleted_at: null,
        });
      }
      if (rows.length === 0) return;
      await db
        .insertInto('documents')
        .values(rows)
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
    },
  };
}

export type DocumentRepository = ReturnType<typeof documentRepository>;
