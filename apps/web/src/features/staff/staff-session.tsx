import type { CallResponse } from '@lender/contract/api-calls';
import type { Permission } from '@lender/contract/staff-permissions';
import { createContext, use } from 'react';

export type StaffMe = CallResponse<'staffMe'>;

/** The signed-in member, for every console page under the layout (which fetched it). */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const me = use(StaffContext);
  if (!me) throw new Error('useStaff outside the staff layout');
  return me;
}

/** The console shows only what the member's role may do; the server refuses the rest anyway. */
export const may = (me: StaffMe, permission: Permission) => me.permissions.includes(permission);

/** A role as the console names it to people. */
export const ROLE_NAMES: Record<StaffMe['role'], string> = {
  agent: 'Agent',
  underwriter: 'Underwriter',
  collections: 'Collections',
  complaints: 'Complaints',
  'team-lead': 'Team lead',
  compliance: 'Compliance',
  admin: 'Administrator',
};
