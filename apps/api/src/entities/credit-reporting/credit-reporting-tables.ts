import type { Generated } from 'kysely';
import type { SharedEvent } from '../../lib/credit-reference/credit-reference-agency';

/** Where a shared record stands: waiting to be sent (or re-sent), received, or refused by the agency. */
export type SharedRecordState = 'pending' | 'sent' | 'rejected';

/**
 * A loan event for the credit reference agency (issue 47), stored before it is sent: the outbox of
 * docs/decisions/059-credit-reporting-events.md. One row per `event_id`, the id the agency receives once.
 */
export interface CreditReportingOutboxTable {
  id: Generated<number>;
  event_id: string;
  application_id: number;
  event: SharedEvent;
  occurred_on: string;
  /** The SharedRecord as sent, JSON. */
  record: string;
  state: Generated<SharedRecordState>;
  /** Times it was offered to the agency (an unavailable agency counts). */
  attempts: Generated<number>;
  last_error: string | null;
  receipt_id: string | null;
  /** The agency's reason, for a rejected record. */
  rejection_reason: string | null;
  created_at: string;
  sent_at: string | null;
}
