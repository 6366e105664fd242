import { expect, type APIRequestContext } from '@playwright/test';
import crypto from 'node:crypto';
import { ops } from './ops';
import { emailsTo } from './outbox';
import { rememberSecret, TEST_SECRETS } from './secrets';
import { totpCode } from './totp';

export type StaffRoleName =
  'agent' | 'underwriter' | 'collections' | 'complaints' | 'team-lead' | 'compliance' | 'admin';

/** The invitation code as `ops staff add` prints it to the admin (docs/decisions/071). */
export function invitationCodeOf(printed: string): string {
  const found = /^Invitation code: ([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4})$/m.exec(printed);
  expect(found, `the invitation code in what ops printed:\n${printed}`).not.toBeNull();
  return found![1]!;
}

/**
 * A new member of staff as an administrator adds one: `npm run ops -- staff add` on the server's database,
 * which e-mails the invitation and prints the invitation code, which the admin would give by phone.
 * Answers the member's e-mail, the link from that e-mail and the code from what ops printed.
 */
export async function inviteStaff(request: APIRequestContext, role: StaffRoleName, name: string) {
  const email = `${role}.${crypto.randomBytes(4).toString('hex')}@staff.example.com`;
  const invitationCode = invitationCodeOf(await ops('staff', 'add', email, '--role', role, '--name', name));
  rememberSecret('staff invitation code', invitationCode);
  rememberSecret('staff invitation code', invitationCode.replace('-', ''));
  let text = '';
  await expect
    .poll(async () => (text = (await emailsTo(request, email))[0]?.text ?? ''), {
      message: `the invitation e-mail to ${email}`,
    })
    .toContain('/staff/invite/');
  const link = /https?:\/\/\S+\/staff\/invite\/[A-Za-z0-9_-]+/.exec(text)![0];
  rememberSecret('staff invitation token', link.split('/').pop()!);
  expect(text, 'the invitation e-mail holds no code').not.toContain(invitationCode);
  return { email, link, invitationCode };
}

/**
 * A member who has enrolled through the API (the invitation page's own calls, with the code the admin
 * gave), signed in in the request's context: its cookie jar holds the staff session, as the browser's
 * would.
 */
export async function enrolledStaff(request: APIRequestContext, role: StaffRoleName, name: string) {
  const { email, link, invitationCode } = await inviteStaff(request, role, name);
  const token = link.split('/').pop()!;
  const opened = await request.post('/api/staff/StaffAuth/InvitationCode', {
    data: { token, invitationCode },
  });
  const secret = ((await opened.json()) as { object: { secretBase32: string } }).object.secretBase32;
  rememberSecret('staff TOTP secret', secret);
  const accepted = await request.post('/api/staff/StaffAuth/AcceptInvitation', {
    data: { token, invitationCode, password: TEST_SECRETS.password, code: totpCode(secret) },
  });
  expect((await accepted.json()).error.errorID, 'the invitation accepted').toBe(0);
  return { email, secret };
}

/**
 * The loan of the customer with this e-mail once it is paid out (underwriting decides and the sandbox pays
 * out within seconds), as a member signed in on `request` finds it: its reference (the loan's number) and
 * the customer's name as the console shows it.
 */
export async function paidOutLoanOf(request: APIRequestContext, email: string) {
  let found = { loanId: '', customerName: '' };
  await expect
    .poll(
      async () => {
        const search = await request.get(`/api/staff/Customers/Search?q=${encodeURIComponent(email)}`);
        const holder = (await search.json()).object.customers[0] as
          { loanReference: string | null; name: string } | undefined;
        if (!holder?.loanReference) return 'no loan';
        found = { loanId: holder.loanReference, customerName: holder.name };
        const loan = await request.get(`/api/staff/Customers/Loan?loanId=${holder.loanReference}`);
        const kinds = ((await loan.json()).object.ledger as { kind: string }[]).map((r) => r.kind);
        return kinds.includes('advance') ? 'paid out' : 'not paid out';
      },
      { timeout: 30_000, message: 'the loan was paid out' },
    )
    .toBe('paid out');
  return found;
}
