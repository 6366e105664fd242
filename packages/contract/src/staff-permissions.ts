/**
 * Staff roles and what each may do (issue 44), written in one place: a staff call names the permission it
 * needs (`auth: { staff: 'application:decide' }` in the call table), never a role, so moving a duty from
 * one role to another is one line here. docs/decisions/040-principals.md says why each role holds
 * what it holds.
 */
export const PERMISSIONS = [
  /** Read an application, its customer's contact and its decisions. */
  'application:read',
  /** Approve or decline an application waiting for a person (underwriting). */
  'application:decide',
  /** Flag an account for the pre-claim process, and deal with its letter and reply. */
  'loan:legal',
  /** Start and end a breathing space (Debt Respite Scheme). */
  'loan:breathing-space',
  /** Post a payment the customer made by bank transfer (issue 48 item 5). */
  'loan:payment',
  /** Record a customer's promise to pay (issue 48 item 5). */
  'loan:promise',
  /** Write off what a customer owes. */
  'loan:write-off',
  /** Add, revoke and report on lead partners and their keys. */
  'partner:manage',
  /** Maintenance mode, the business date, the close of business. */
  'ops:maintenance',
  /** Read the security events (sign-ins, locks, resets). */
  'security:read',
  /** Read and export the audit of staff acts (issue 48): compliance's, who checks what others did. */
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = [
  'agent',
  'underwriter',
  'collections',
  'complaints',
  'team-lead',
  'compliance',
  'admin',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  // Issue 48's customer service: reads today; notes, promises and proposals come with their calls.
  agent: ['application:read', 'loan:payment', 'loan:promise'],
  underwriter: ['application:read', 'application:decide'],
  collections: ['application:read', 'loan:legal', 'loan:breathing-space', 'loan:payment', 'loan:promise'],
  // A write-off is a complaint's usual redress; a later issue adds the second person's approval.
  complaints: ['application:read', 'loan:write-off'],
  // Issue 48's checker: approves what others proposed; its approving permissions come with four eyes.
  'team-lead': ['application:read'],
  compliance: ['application:read', 'security:read', 'audit:read'],
  // Runs the platform, decides no lending: no role both manages the platform and lends. It reads the audit
  // as it reads the security events (docs/decisions/061-staff-referrals-and-audit.md).
  admin: ['application:read', 'partner:manage', 'ops:maintenance', 'security:read', 'audit:read'],
};

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export const hasPermission = (role: StaffRole, permission: Permission) =>
  ROLE_PERMISSIONS[role].includes(permission);
