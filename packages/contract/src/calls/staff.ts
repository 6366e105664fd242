import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES } from '../staff-permissions';

/** Staff/Me: the staff member the session belongs to, and what their role lets them do. */
export const staffMeSchema = z.object({
  staffId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** One signed application waiting for a decision, as `npm run ops -- underwriting list` shows it. */
export const underwritingQueueItemSchema = z.object({
  applicationGuid: z.string(),
  statusId: z.number().int(),
  /** True when the rules referred it to a person (status 48); false while it waits for the rules (8). */
  referred: z.boolean(),
  customerEmail: z.string(),
  firstName: z.string(),
  amountPence: z.number().int().meta({ description: 'The amount asked for, in pence.' }),
});

/** Underwriting/Queue: every signed or referred application waiting for a decision, oldest first. */
export const underwritingQueueSchema = z.object({ applications: z.array(underwritingQueueItemSchema) });
