import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  to_address: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  /** The message's one-time tokens, sealed with DATA_KEY, until it is delivered or given up (lib/outbox). */
  sealed_secrets: string | null;
  /** Until when a delivery round has this message to itself (lib/outbox: no two processes send it). */
  claimed_until: string | null;
  /** Which round claimed it: its marking of the message sent or failed holds only while it is the one. */
  claimed_by: string | null;
}

export interface OutboxAttachmentTable {
  id: Generated<number>;
  outbox_id: number;
  file_name: string;
  content_type: string;
  content_base64: string;
}
