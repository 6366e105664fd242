import * as staff from './staff';
import { call, empty, type CallDef } from './call-spec';

/** The staff API (issue 44): under /api/staff/, behind a staff session and a permission. */
export const staffCalls = {
  // Sign-in (issue 48): public, as no session exists yet, but under /api/staff/ with the rest.
  staffInvitation: call({
    controller: 'StaffAuth',
    action: 'Invitation',
    method: 'GET',
    auth: 'public',
    area: 'staff',
    query: staff.staffInvitationQuerySchema,
    response: staff.staffInvitationSchema,
  }),
  staffAcceptInvitation: call({
    controller: 'StaffAuth',
    action: 'AcceptInvitation',
    method: 'POST',
    auth: 'public',
    area: 'staff',
    body: staff.staffAcceptInvitationSchema,
    response: staff.staffRecoveryCodesSchema,
  }),
  staffLogin: call({
    controller: 'StaffAuth',
    action: 'Login',
    method: 'POST',
    auth: 'public',
    area: 'staff',
    // Failed sign-ins per caller address (LOGIN_FAILURES_PER_ADDRESS in 15 minutes), as customers'.
    rateLimited: true,
    body: staff.staffLoginSchema,
    response: staff.staffMeSchema,
  }),
  staffLogout: call({
    controller: 'StaffAuth',
    action: 'Logout',
    method: 'POST',
    auth: { staff: 'any' },
    response: empty,
  }),
  staffMe: call({
    controller: 'Staff',
    action: 'Me',
    method: 'GET',
    auth: { staff: 'any' },
    response: staff.staffMeSchema,
  }),
  underwritingQueue: call({
    controller: 'Underwriting',
    action: 'Queue',
    method: 'GET',
    auth: { staff: 'application:decide' },
    response: staff.underwritingQueueSchema,
  }),
} as const satisfies Record<string, CallDef>;
