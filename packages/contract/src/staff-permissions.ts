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
  /** Agree a plan in arrears without a card: reduced or token payments, or a pause (issue 48 item 5). */
  'loan:plan',
  /** Add, revoke and report on lead partners and their keys. */
  'partner:manage',
  /** Maintenance mode, the business date, the close of business. */
  'ops:maintenance',
  /** Read the security events (sign-ins, locks, resets). */
  'security:read',
  /** Read and export the audit of staff acts (issue 48): compliance's, who checks what others did. */
  'audit:read',
  /** Add a note or a contact to a customer's log, and record or end a vulnerability (issue 48). */
  'customer:note',
  /** The collections worklist: loans in arrears by bucket (issue 48). */
  'collections:worklist',
  /** Read a health condition's detail on a vulnerability: those who deal with the customer, and compliance. */
  'vulnerability:health',
  /** Propose refunding a credit balance or a payment taken in error (four eyes: a team-lead approves). */
  'money:propose-refund',
  /** Propose waiving interest or fees (four eyes). */
  'money:propose-waiver',
  /** Propose writing off what a customer owes (four eyes). */
  'money:propose-write-off',
  /** Approve or reject what another member proposed (the checker; never one's own proposal). */
  'money:approve',
  /** Log a complaint received by any channel (DISP 1.6, issue 48). */
  'complaint:log',
  /** Read the complaints register and the complaints return's counts. */
  'complaint:read',
  /** Resolve a complaint: outcome, root cause, redress and its letter. */
  'complaint:handle',
  /** Staff accounts: invite, disable, change a role, see and end a member's sessions (issue 48 item 9). */
  'staff:manage',
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
  agent: [
    'application:read',
    'loan:payment',
    'loan:promise',
    'customer:note',
    'vulnerability:health',
    'money:propose-refund',
    'money:propose-waiver',
    'complaint:log',
    'complaint:read',
  ],
  underwriter: ['application:read', 'application:decide', 'customer:note'],
  collections: [
    'application:read',
    'loan:legal',
    'loan:breathing-space',
    'loan:payment',
    'loan:promise',
    'loan:plan',
    'customer:note',
    'collections:worklist',
    'vulnerability:health',
    'money:propose-waiver',
    'money:propose-write-off',
  ],
  // Redress for an upheld complaint is a refund or a waiver, proposed here and approved by a team-lead.
  complaints: [
    'application:read',
    'customer:note',
    'vulnerability:health',
    'money:propose-refund',
    'money:propose-waiver',
    'complaint:log',
    'complaint:read',
    'complaint:handle',
  ],
  // Issue 48's checker: approves what others proposed (never its own: the server checks the maker), and
  // may propose as a maker too, for another team-lead to check (docs/decisions/065-staff-money-four-eyes.md).
  'team-lead': [
    'application:read',
    'loan:plan',
    'customer:note',
    'collections:worklist',
    'vulnerability:health',
    'money:propose-refund',
    'money:propose-waiver',
    'money:propose-write-off',
    'money:approve',
    'complaint:read',
    'complaint:handle',
  ],
  compliance: ['application:read', 'security:read', 'audit:read', 'vulnerability:health', 'complaint:read'],
  // Runs the platform, decides no lending: no role both manages the platform and lends. It reads the audit
  // as it reads the security events (docs/decisions/061-staff-referrals-and-audit.md).
  admin: [
    'application:read',
    'partner:manage',
    'ops:maintenance',
    'staff:manage',
    'security:read',
    'audit:read',
  ],
};

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export const hasPermission = (role: StaffRole, permission: Permission) =>
  ROLE_PERMISSIONS[role].includes(permission);
