import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type Selectable, type Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isDev, type Config } from '../config';
import type { Db, DbKind } from '../db/create-db';
import type { Database } from '../db/schema';
import type { OutboxTable } from './outbox-tables';
import { nowIso } from './clock';
import { decrypt, encrypt } from './secrets';

/** A file an e-mail carries (the signed agreement): kept with the message until it is sent. */
export type Attachment = { fileName: string; contentType: string; content: Uint8Array };

export type OutgoingMessage = (
  | {
      channel: 'email';
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments?: Attachment[];
    }
  | { channel: 'sms'; to: string; text: string }
) & {
  /**
   * One-time tokens the message carries (the token of a set-password link), as they appear in its text
   * and html. The stored copy never holds them: see `sealSecrets`.
   */
  secrets?: string[];
};

export type Outbox = {
  /** Stores the message in the same transaction as the change it belongs to (transactional outbox). */
  enqueue(trx: Transaction<Database> | Db, message: OutgoingMessage): Promise<void>;
  /** Hands stored messages to the configured transports; without one they stay readable at /dev/outbox. */
  deliverPending(): Promise<number>;
  /**
   * The text and html of a stored message as they will be sent, one-time tokens included while it
   * waits: for the development outbox page, where a developer follows the link. Refused in production.
   */
  revealForDevelopers(row: StoredMessage): { text: string; html: string | null };
};

type StoredMessage = Pick<Selectable<OutboxTable>, 'text' | 'html' | 'sealed_secrets'>;

/** Attempts before a message is given up (the operations page counts those as failed). */
export const MAX_ATTEMPTS = 5;
/** Messages one delivery round claims at a time, and at most per round. */
const CLAIM_BATCH = 10;
const ROUND_MAX = 50;
/**
 * How long a claim keeps a message from every other round. A round sends nothing whose claim has less
 * than SEND_BUDGET_MS left, and every send gives up well within that (SMS 10 s; SMTP's timeouts below),
 * so a live round never loses a claim mid-send; a killed round's claims are taken again after this.
 */
const CLAIM_MS = 5 * 60_000;
const SEND_BUDGET_MS = 90_000;
/** Nodemailer waits minutes by default; a send must end within the claim that covers it. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Characters that HTML escaping and URLs leave as they are, so a token reads the same in text and html. */
const TOKEN_SHAPE = /^[\w-]+$/;
const placeholder = (i: number) => `[one-time token ${i + 1}]`;
const PLACEHOLDERS = /\[one-time token (\d+)\]/g;

/**
 * A database copy of a message must not let whoever reads it (a backup, a support screen, a leak) use a
 * set-password link: each secret is replaced by a placeholder in the text and html, and the secrets are
 * kept apart, sealed with DATA_KEY, until the message is delivered or given up.
 */
function sealSecrets(m: OutgoingMessage, dataKey: string) {
  const secrets = m.secrets ?? [];
  const html = m.channel === 'email' ? m.html : null;
  if (secrets.length === 0) return { text: m.text, html, sealed: null };
  for (const secret of secrets) {
    if (!TOKEN_SHAPE.test(secret)) throw new Error('an outbox secret must be a URL-safe token');
    // One transformed on its way into the message (encoded, escaped) would be stored in that form.
    if (!m.text.includes(secret)) throw new Error('an outbox secret must appear as is in the text');
  }
  // One pass, longest first: a token that contains another is replaced whole, and a placeholder once
  // written is never searched again.
  const any = new RegExp([...secrets].sort((a, b) => b.length - a.length).join('|'), 'g');
  const hide = (s: string) => s.replace(any, (found) => placeholder(secrets.indexOf(found)));
  return {
    text: hide(m.text),
    html: html === null ? null : hide(html),
    sealed: encrypt(JSON.stringify(secrets), dataKey),
  };
}

/** The message as sent: its placeholders replaced by the sealed secrets. */
function unsealSecrets(row: StoredMessage, dataKey: string) {
  if (!row.sealed_secrets) return { text: row.text, html: row.html };
  const secrets = JSON.parse(decrypt(row.sealed_secrets, dataKey)) as string[];
  const put = (s: string) => s.replace(PLACEHOLDERS, (found, n: string) => secrets[Number(n) - 1] ?? found);
  return { text: put(row.text), html: row.html === null ? null : put(row.html) };
}

/** Who claims: this machine and process, and the round (two rounds of one process are two claimants). */
const claimantId = () => `${os.hostname().slice(0, 50)}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

export function createOutbox(
  db: Db,
  kind: DbKind,
  config: Config,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Outbox {
  // A setting in SMTP_URL's query (e.g. ?socketTimeout=) still wins over these.
  const mailer = config.SMTP_URL
    ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS })
    : null;

  async function sendSms(to: string, text: string) {
    const res = await fetch(config.SMS_PROVIDER_URL!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${config.SMS_PROVIDER_KEY ?? ''}`,
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }

  /** The channels this server can send; a message of another channel stays for /dev/outbox, unclaimed. */
  const channels = [
    ...(mailer ? ['email' as const] : []),
    ...(config.SMS_PROVIDER_URL ? ['sms' as const] : []),
  ];

  /**
   * Claims up to CLAIM_BATCH unsent messages for `claimant`, in a short transaction committed before
   * anything is sent. PostgreSQL: the rows are selected FOR UPDATE SKIP LOCKED, so two rounds at once
   * each take different rows without waiting; SQLite: the transaction holds the one write lock.
   * Free means never claimed, or its claim has lapsed (a round killed mid-send).
   */
  async function claim(claimant: string) {
    const now = nowIso();
    const until = new Date(Date.now() + CLAIM_MS).toISOString();
    return db.transaction().execute(async (trx) => {
      const claimable = trx
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('channel', 'in', channels)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('id')
        .limit(CLAIM_BATCH);
      const ids = (
        await (kind === 'postgres' ? claimable.forUpdate().skipLocked() : claimable).execute()
      ).map((r) => r.id);
      if (ids.length === 0) return [];
      await trx
        .updateTable('outbox')
        .set({ claimed_until: until, claimed_by: claimant })
        .where('id', 'in', ids)
        .execute();
      return trx.selectFrom('outbox').selectAll().where('id', 'in', ids).orderBy('id').execute();
    });
  }

  /** Puts back what a round claimed and did not send, for the next round (of any process) at once. */
  const release = (claimant: string) =>
    db
      .updateTable('outbox')
      .set({ claimed_until: null, claimed_by: null })
      .where('claimed_by', '=', claimant)
      .where('sent_at', 'is', null)
      .execute();

  const attachmentsOf = (outboxId: number) =>
    db.selectFrom('outbox_attachments').selectAll().where('outbox_id', '=', outboxId).orderBy('id').execute();

  /** Sends one claimed message and records how it went; true when it was sent. */
  async function deliver(m: Selectable<OutboxTable>, claimant: string): Promise<boolean> {
    try {
      const { text, html } = unsealSecrets(m, config.DATA_KEY);
      if (m.channel === 'email') {
        await mailer!.sendMail({
          from: config.MAIL_FROM,
          to: m.to_address,
          subject: m.subject ?? '',
          text,
          html: html ?? undefined,
          attachments: (await attachmentsOf(m.id)).map((a) => ({
            filename: a.file_name,
            contentType: a.content_type,
            content: Buffer.from(a.content_base64, 'base64'),
          })),
        });
      } else {
        await sendSms(m.to_address, text);
      }
      // Delivered: the stored copy keeps its placeholders and nothing that opens them.
      await db
        .updateTable('outbox')
        .set({
          sent_at: nowIso(),
          attempts: sql<number>`attempts + 1`,
          sealed_secrets: null,
          claimed_until: null,
        })
        .where('id', '=', m.id)
        .where('sent_at', 'is', null)
        .execute();
      return true;
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown';
      log.warn({ outboxId: m.id, reason }, 'outbox delivery failed');
      const givenUp = m.attempts + 1 >= MAX_ATTEMPTS;
      // Only while the claim is this round's: a claim that lapsed belongs to whoever took it next. The
      // claim stays until the round ends (release), so the round does not try the message again at once.
      await db
        .updateTable('outbox')
        .set({
          attempts: sql<number>`attempts + 1`,
          last_error: reason,
          // Never to be sent: its one-time tokens have no use left.
          ...(givenUp ? { sealed_secrets: null } : {}),
        })
        .where('id', '=', m.id)
        .where('claimed_by', '=', claimant)
        .execute();
      return false;
    }
  }

  return {
    async enqueue(trx, m) {
      const { text, html, sealed } = sealSecrets(m, config.DATA_KEY);
      const row = await trx
        .insertInto('outbox')
        .values({
          channel: m.channel,
          to_address: m.to,
          subject: m.channel === 'email' ? m.subject : null,
          text,
          html,
          created_at: nowIso(),
          sent_at: null,
          attempts: 0,
          last_error: null,
          sealed_secrets: sealed,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attachments = m.channel === 'email' ? (m.attachments ?? []) : [];
      if (attachments.length > 0) {
        await trx
          .insertInto('outbox_attachments')
          .values(
            attachments.map((a) => ({
              outbox_id: Number(row.id),
              file_name: a.fileName,
              content_type: a.contentType,
              content_base64: Buffer.from(a.content).toString('base64'),
            })),
          )
          .execute();
      }
    },

    revealForDevelopers(row) {
      if (!isDev(config)) throw new Error('one-time tokens are never revealed in production');
      return unsealSecrets(row, config.DATA_KEY);
    },

    async deliverPending() {
      if (channels.length === 0) return 0;
      const claimant = claimantId();
      let sent = 0;
      let handled = 0;
      try {
        while (handled < ROUND_MAX) {
          const claimed = await claim(claimant);
          if (claimed.length === 0) break;
          for (const m of claimed) {
            // Too little of the claim left to be sure the send ends inside it: leave it to the next round.
            if (Date.parse(m.claimed_until!) - Date.now() < SEND_BUDGET_MS) return sent;
            handled++;
            if (await deliver(m, claimant)) sent++;
          }
        }
        return sent;
      } finally {
        await release(claimant);
      }
    },
  };
}
