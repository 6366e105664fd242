import { z } from 'zod';
import { isIsoDate } from '../dates';
import { Msg } from '../rules/messages';
import { STAFF_ROLES } from '../staff-permissions';

/*
 * The operations page of the staff console (issue 48 item 9, admin only) and staff downloads of a
 * customer's documents through their own single-use links (item 4).
 */

const positiveId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

/** Operations/Overview: the state of the platform at a glance. */
export const operationsOverviewSchema = z.object({
  businessDate: z.string(),
  /** False in production, where the business date follows the London calendar. */
  businessDateSettable: z.boolean(),
  maintenance: z.boolean(),
  lastClose: z
    .object({
      businessDate: z.string(),
      loansClosed: z.number().int(),
      startedAt: z.string(),
      closedAt: z.string(),
    })
    .nullable(),
  outbox: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    /** When the oldest message still waiting to go was made; null when none waits. */
    oldestPendingAt: z.string().nullable(),
    oldestPendingSeconds: z.number().int().nullable(),
  }),
});

export const setBusinessDateBodySchema = z.object(
  {
    date: z
      .string({ error: Msg.opsBusinessDate })
      .trim()
      .min(10, { error: Msg.opsBusinessDate })
      .refine(isIsoDate, { error: Msg.opsBusinessDate }),
  },
  { error: Msg.opsBusinessDate },
);
export const businessDateSetSchema = z.object({ businessDate: z.string() });

export const setMaintenanceBodySchema = z.object(
  { on: z.boolean({ error: Msg.opsMaintenance }) },
  { error: Msg.opsMaintenance },
);
export const maintenanceSetSchema = z.object({ maintenance: z.boolean() });

const partnerSchema = z.object({
  name: z.string(),
  tierName: z.string().nullable(),
  keyHint: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export const partnersSchema = z.object({ partners: z.array(partnerSchema) });

const partnerNameField = z
  .string({ error: Msg.opsPartnerName })
  .trim()
  .min(1, { error: Msg.opsPartnerName })
  .max(100, { error: Msg.opsPartnerName });

export const addPartnerBodySchema = z.object(
  {
    name: partnerNameField,
    tierName: z
      .string({ error: Msg.opsPartnerTier })
      .trim()
      .max(100, { error: Msg.opsPartnerTier })
      .nullable(),
  },
  { error: Msg.opsPartnerName },
);
/** The key is in this answer only: the server keeps its hash. */
export const partnerAddedSchema = z.object({
  name: z.string(),
  tierName: z.string().nullable(),
  key: z.string(),
  ratePercent: z.number(),
  unknownTier: z.boolean(),
});
export const partnerNameBodySchema = z.object({ name: partnerNameField }, { error: Msg.opsPartnerName });
export const partnerRevokedSchema = z.object({
  name: z.string(),
  already: z.boolean(),
  revokedAt: z.string().nullable(),
});

const roleField = z.enum(STAFF_ROLES, { error: Msg.opsStaffRole });
const memberSchema = z.object({
  staffId: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: roleField,
  enrolled: z.boolean(),
  disabled: z.boolean(),
  liveSessions: z.number().int(),
});
export const staffMembersSchema = z.object({ members: z.array(memberSchema) });

export const inviteStaffBodySchema = z.object(
  {
    email: z.string({ error: Msg.opsStaffEmail }).trim().min(3, { error: Msg.opsStaffEmail }).max(254, {
      error: Msg.opsStaffEmail,
    }),
    role: roleField,
    displayName: z
      .string({ error: Msg.opsStaffName })
      .trim()
      .min(1, { error: Msg.opsStaffName })
      .max(100, { error: Msg.opsStaffName })
      .nullable(),
  },
  { error: Msg.opsStaffEmail },
);
export const staffInvitedSchema = z.object({
  staffId: z.number().int(),
  email: z.string(),
  role: roleField,
  expiresAt: z.string(),
  /**
   * The invitation code, `K7PM-4XQR`: shown this once to the admin, who gives it to the member by phone
   * or in person; never e-mailed, kept only as a keyed hash (docs/decisions/071).
   */
  invitationCode: z.string(),
});

const staffIdField = positiveId(Msg.opsStaffMember);
export const staffIdBodySchema = z.object({ staffId: staffIdField }, { error: Msg.opsStaffMember });
export const staffIdQuerySchema = z.object(
  {
    staffId: z.coerce.number(Msg.opsStaffMember).int(Msg.opsStaffMember).positive(Msg.opsStaffMember),
  },
  { error: Msg.request },
);
export const staffDisabledSchema = z.object({
  staffId: z.number().int(),
  already: z.boolean(),
  sessionsEnded: z.number().int(),
});

export const setStaffRoleBodySchema = z.object(
  { staffId: staffIdField, role: roleField },
  { error: Msg.opsStaffMember },
);
export const staffRoleSetSchema = z.object({ staffId: z.number().int(), from: roleField, to: roleField });

export const staffSessionsSchema = z.object({
  staffId: z.number().int(),
  sessions: z.array(
    z.object({
      sessionId: z.number().int(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export const endSessionBodySchema = z.object(
  { sessionId: positiveId(Msg.opsSession) },
  { error: Msg.opsSession },
);
export const sessionEndedSchema = z.object({ sessionId: z.number().int(), staffId: z.number().int() });

/** StaffDocuments/Link: a single-use link to one of the customer's documents, for the caller only. */
export const staffDocumentLinkBodySchema = z.object(
  { customerId: positiveId(Msg.opsDocumentCustomer), documentId: positiveId(Msg.opsDocument) },
  { error: Msg.opsDocument },
);
export const staffDocumentLinkSchema = z.object({
  documentGuid: z.string(),
  expiresInSeconds: z.number().int(),
});
export const staffDocumentGuidQuerySchema = z.object(
  {
    documentGuid: z
      .string({ error: Msg.opsDocumentLink })
      .trim()
      .min(1, { error: Msg.opsDocumentLink })
      .max(100, { error: Msg.opsDocumentLink }),
  },
  { error: Msg.request },
);
