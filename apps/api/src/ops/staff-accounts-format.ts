import type {
  StaffDisabled,
  StaffInvited,
  StaffListed,
  StaffRoleChanged,
} from '../features/staff/staff-accounts-staff';

/** `ops staff add`: who was invited, and until when the link works (the link itself is only in the e-mail). */
export const staffInvitedLines = (i: StaffInvited) => [
  `Invited ${i.member.email} (${i.member.displayName}) as ${i.member.role}.`,
  `The invitation e-mail is in the outbox; its link works once, until ${i.expiresAt}.`,
];

/** `ops staff list`: one line per member, disabled ones too. */
export const staffListLines = (members: readonly StaffListed[]) => [
  `${members.length} member(s) of staff.`,
  ...members.map(
    (m) =>
      `${m.email ?? m.username}  ${m.role}  ${m.displayName}  ` +
      (m.disabledAt ? `disabled ${m.disabledAt}` : m.enrolled ? 'active' : 'invited, not yet enrolled'),
  ),
];

export const staffDisabledLines = (d: StaffDisabled) => [
  d.already
    ? `${d.member.email} was disabled already (${d.member.disabledAt}).`
    : `${d.member.email} is disabled: their sessions have ended and they cannot sign in.`,
];

export const staffRoleLines = (c: StaffRoleChanged) => [
  c.from === c.to
    ? `${c.member.email} is ${c.to} already.`
    : `${c.member.email} is now ${c.to} (was ${c.from}); it counts from their next call.`,
];
