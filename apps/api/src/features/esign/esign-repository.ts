import type { IsoDate } from '@lender/contract/dates';
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { oneTimeSecrets } from '../../entities/one-time-secrets/one-time-secret';
import { nowIso } from '../../lib/clock';
import { pricingOf, type Application } from '../../entities/applications/application-repository';

/** `lead`: a lead landing's proof-of-identity code (issue 45), kept and limited as the e-sign SMS code. */
export type EsignChannel = 'sms' | 'email' | 'lead';
/** Where a signing link's token went: the e-sign e-mail, or a signed-in browser handed over to e-sign. */
export type EsignLinkOrigin = 'email' | 'browser';

/** What the e-sign page works from: the application its guid names, with the customer and card it needs. */
export type EsignApplication = Pick<
  Application,
  'id' | 'guid' | 'customerId' | 'statusId' | 'terms' | 'dailyRate'
> & {
  /** When the quote was accepted (an instant); the documents say so when it was another day. */
  acceptedAt: string;
  customer: {
    title: string;
    firstName: string;
    lastName: string;
    address: string;
    email: string;
    mobile: string;
  };
  cardLast4: string;
  /** The account the loan is paid into, masked (the service adds it: it is sealed); null when none. */
  payoutAccount: { sortCode: string; last4: string } | null;
};

export type SentCode = {
  id: number;
  secretHash: string;
  expiresAt: string;
  tries: number;
  usedAt: string | null;
  createdAt: string;
};

export type SignatureRecord = {
  applicationId: number;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  documentsSha256: string;
  pdfSha256: string;
  pdf: Uint8Array;
};

export type EsignRepository = ReturnType<typeof esignRepository>;

export const esignRepository = (db: DbExecutor) => {
  const codes = oneTimeSecrets(db, 'esign_codes', { hash: 'secret_hash', owner: 'application_id' });
  const links = oneTimeSecrets(db, 'esign_links', { hash: 'token_hash', owner: 'application_id' });
  return {
    async findByGuid(guid: string): Promise<EsignApplication | undefined> {
      const row = await db
        .selectFrom('applications as a')
        .innerJoin('customers as c', 'c.id', 'a.customer_id')
        .leftJoin('dictionary_entries as t', (j) =>
          j.onRef('t.id', '=', 'c.title_id').on('t.dictionary', '=', 'titles'),
        )
        .select([
          'a.id',
          'a.guid',
          'a.customer_id',
          'a.status_id',
          'a.amount_pence',
          'a.period',
          'a.repayment_date',
          'a.wage_frequency_id',
          'a.daily_rate_ppm',
          'a.accepted_at',
          'a.updated_at',
          't.name as title',
          'c.first_name',
          'c.last_name',
          'c.address_str',
          'c.email',
          'c.mobile',
        ])
        .select((eb) =>
          eb
            .selectFrom('cards')
            .select('last4')
            .whereRef('cards.application_id', '=', 'a.id')
            .orderBy('cards.id', 'desc')
            .limit(sql.lit(1))
            .as('card_last4'),
        )
        .where('a.guid', '=', guid)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        guid: row.guid,
        customerId: row.customer_id,
        statusId: row.status_id,
        ...pricingOf(row),
        acceptedAt: row.accepted_at ?? row.updated_at,
        customer: {
          title: row.title ?? '',
          firstName: row.first_name,
          lastName: row.last_name,
          address: row.address_str,
          email: row.email,
          mobile: row.mobile,
        },
        cardLast4: row.card_last4 ?? '',
        payoutAccount: null,
      };
    },

    /** The newest code of a channel: the only one that can still be used. */
    async latestCode(applicationId: number, channel: EsignChannel): Promise<SentCode | undefined> {
      const row = await db
        .selectFrom('esign_codes')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('channel', '=', channel)
        .orderBy('id', 'desc')
        .limit(sql.lit(1))
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          secretHash: row.secret_hash,
          expiresAt: row.expires_at,
          tries: row.tries,
          usedAt: row.used_at,
          createdAt: row.created_at,
        }
      );
    },

    /** When each code or link of this channel sent since `since` was sent, oldest first. */
    async sentSince(applicationId: number, channel: EsignChannel, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('esign_codes')
        .select('created_at')
        .where('application_id', '=', applicationId)
        .where('channel', '=', channel)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.created_at);
    },

    /**
     * A signing link's token (its hash), replacing the application's earlier ones of the same origin but
     * `keepHash`: the link of the browser that asked for a new e-mail keeps working there.
     */
    async insertLink(
      applicationId: number,
      origin: EsignLinkOrigin,
      tokenHash: string,
      ttlSeconds: number,
      keepHash = '',
    ) {
      await links.retire(applicationId, sql<boolean>`origin = ${origin} and token_hash <> ${keepHash}`);
      await links.insert({ application_id: applicationId, origin }, tokenHash, ttlSeconds);
    },

    /**
     * What this hash is among the application's signing links: 'live', 'expired' (its 14 days passed
     * unreplaced: the holder was sent it, so may hear what became of the application), or null (not
     * one of its links, or replaced by a newer e-mail).
     */
    async linkState(applicationId: number, tokenHash: string): Promise<'live' | 'expired' | null> {
      const row = await db
        .selectFrom('esign_links')
        .select(['expires_at', 'used_at'])
        .where('application_id', '=', applicationId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.used_at !== null) return null;
      return row.expires_at > nowIso() ? 'live' : 'expired';
    },

    insertCode: (c: {
      applicationId: number;
      channel: EsignChannel;
      secretHash: string;
      ttlSeconds: number;
    }) =>
      codes.insert(
        { application_id: c.applicationId, channel: c.channel, tries: 0 },
        c.secretHash,
        c.ttlSeconds,
      ),

    /**
     * Claims one of the code's tries before it is compared: counted in the database itself, so racing
     * guesses cannot each read the old count and pass the limit. False when none is left.
     */
    async claimTry(codeId: number, maxTries: number): Promise<boolean> {
      const result = await db
        .updateTable('esign_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', codeId)
        .where('tries', '<', maxTries)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks a code used, only if nobody did first; false when it was already used. */
    markUsed: (codeId: number) => codes.claim(codeId, { whileLive: false }),

    async emailVerified(applicationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('esign_codes')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('channel', '=', 'email')
        .where('used_at', 'is not', null)
        .limit(sql.lit(1))
        .executeTakeFirst();
      return row !== undefined;
    },

    async recordServed(applicationId: number, documentsSha256: string, pricedOn: IsoDate) {
      await db
        .insertInto('esign_documents_served')
        .values({
          application_id: applicationId,
          documents_sha256: documentsSha256,
          priced_on: pricedOn,
          created_at: nowIso(),
        })
        // Served again (every page load): the first record stands.
        .onConflict((oc) => oc.columns(['application_id', 'documents_sha256']).doNothing())
        .execute();
    },

    async wasServed(applicationId: number, documentsSha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('esign_documents_served')
        .select('priced_on')
        .where('application_id', '=', applicationId)
        .where('documents_sha256', '=', documentsSha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertSignature: (s: SignatureRecord) =>
      db
        .insertInto('esign_signatures')
        .values({
          application_id: s.applicationId,
          signed_at: s.signedAt,
          ip_address: s.ipAddress,
          user_agent: s.userAgent,
          documents_sha256: s.documentsSha256,
          pdf_sha256: s.pdfSha256,
          pdf_base64: Buffer.from(s.pdf).toString('base64'),
        })
        .execute(),
  };
};
