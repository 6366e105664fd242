import { ok } from '@lender/contract/envelope';
import { ROLE_PERMISSIONS } from '@lender/contract/staff-permissions';
import type { StaffMember } from '../../entities/staff/staff-sessions';
import { implementCall } from '../../plugins/calls';

/** Staff/Me's answer for a member (also StaffAuth/Login's, so the console needs no second call). */
export const staffMeOf = (member: StaffMember) => ({
  staffId: member.id,
  username: member.username,
  email: member.email,
  displayName: member.displayName,
  role: member.role,
  permissions: [...ROLE_PERMISSIONS[member.role]],
});

/** GET /api/staff/Staff/Me (issue 44; any staff member): who the session belongs to and what they may do. */
export const staffMe = () =>
  implementCall('staffMe', async ({ principal }) =>
    ok({
      staffId: principal.staffId,
      username: principal.username,
      email: principal.email,
      displayName: principal.displayName,
      role: principal.role,
      permissions: [...principal.permissions],
    }),
  );
