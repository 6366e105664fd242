import type { Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/create-db';
import type { Database } from '../db/schema';
import { nowIso } from './clock';

export type OutgoingMessage =
  | { channel: 'email'; to: string; subject: string; text: string; html: string }
  | { channel: 'sms'; to: string; text: string };

export type Outbox = {
  /** Stores the message in the same transaction as the change it belongs to (transactional outbox). */
  enqueue(trx: Transaction<Database> | Db, message: OutgoingMessage): Promise<void>;
  /** Hands stored messages to the configured transports; without one they stay readable at /dev/outbox. */
  deliverPending(): Promise<number>;
};

const MAX_ATTEMPTS = 5;

export function createOutbox(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'warn'>): Outbox {
  const mailer = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

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

  return {
    async enqueue(trx, m) {
      await trx
        .insertInto('outbox')
        .values({
          channel: m.channel,
          to_address: m.to,
          subject: m.channel === 'email' ? m.subject : null,
          text: m.text,
          html: m.channel === 'email' ? m.html : null,
          created_at: nowIso(),
          sent_at: null,
          attempts: 0,
          last_error: null,
        })
        .execute();
    },

    async deliverPending() {
      if (!mailer && !config.SMS_PROVIDER_URL) return 0;
      const pending = await db
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(50)
        .execute();
      let sent = 0;
      for (const m of pending) {
        const transport = m.channel === 'email' ? mailer : config.SMS_PROVIDER_URL;
        if (!transport) continue;
        try {
          if (m.channel === 'email') {
            await mailer!.sendMail({
              from: config.MAIL_FROM,
              to: m.to_address,
              subject: m.subject ?? '',
              text: m.text,
              html: m.html ?? undefined,
            });
          } else {
            await sendSms(m.to_address, m.text);
          }
          await db
            .updateTable('outbox')
            .set({ sent_at: nowIso(), attempts: m.attempts + 1 })
            .where('id', '=', m.id)
            .execute();
          sent++;
        } catch (err) {
          const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown';
          log.warn({ outboxId: m.id, reason }, 'outbox delivery failed');
          await db
            .updateTable('outbox')
            .set({ attempts: m.attempts + 1, last_error: reason })
            .where('id', '=', m.id)
            .execute();
        }
      }
      return sent;
    },
  };
}
