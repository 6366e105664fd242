import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';

/** GET /api/staff/Staff/Me (issue 44; any staff member): who the session belongs to and what they may do. */
export const staffMe = () =>
  implementCall('staffMe', async ({ principal }) =>
    ok({
      staffId: principal.staffId,
      username: principal.username,
      displayName: principal.displayName,
      role: principal.role,
      permissions: [...principal.permissions],
    }),
  );
