import type {
  StaffDisabled,
  StaffInvited,
  StaffListed,
  StaffRoleChanged,
} from '../features/staff/staff-accounts-staff';

/**
 * `ops staff add` and `reinvite`: who was invited, until when the link works (the link itself is only in
 * the e-mail), and the invitation code, printed this once and in no e-mail (docs/decisions/071).
 */
export const staffInvitedLines = (i: StaffInvited) => [
  `Invited ${i.member.email} (${i.member.displayName}) as ${i.member.role}.`,
  `The invitation e-mail is in the outbox; its link works once, until ${i.expiresAt}.`,
  `Invitation code: ${i.invitationCode}`,
  'Give the code to them yourself, by phone or in person; never by e-mail. It is shown only now. ' +
    'If it is lost, or 5 wrong codes stop the invitation: npm run ops -- staff reinvite <email>.',
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
