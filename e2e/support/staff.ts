import { expect, type APIRequestContext } from '@playwright/test';
import crypto from 'node:crypto';
import { ops } from './ops';
import { emailsTo } from './outbox';
import { rememberSecret, TEST_SECRETS } from './secrets';
import { totpCode } from './totp';

export type StaffRoleName =
  'agent' | 'underwriter' | 'collections' | 'complaints' | 'team-lead' | 'compliance' | 'admin';

/**
 * A new member of staff as an administrator adds one: `npm run ops -- staff add` on the server's database,
 * which e-mails the invitation. Answers the member's e-mail and the link from that e-mail.
 */
export async function inviteStaff(request: APIRequestContext, role: StaffRoleName, name: string) {
  const email = `${role}.${crypto.randomBytes(4).toString('hex')}@staff.example.com`;
  await ops('staff', 'add', email, '--role', role, '--name', name);
  let text = '';
  await expect
    .poll(async () => (text = (await emailsTo(request, email))[0]?.text ?? ''), {
      message: `the invitation e-mail to ${email}`,
    })
    .toContain('/staff/invite/');
  const link = /https?:\/\/\S+\/staff\/invite\/[A-Za-z0-9_-]+/.exec(text)![0];
  rememberSecret('staff invitation token', link.split('/').pop()!);
  return { email, link };
}

/**
 * A member who has enrolled through the API (the invitation page's own calls), signed in in the
 * request's context: its cookie jar holds the staff session, as the browser's would.
 */
export async function enrolledStaff(request: APIRequestContext, role: StaffRoleName, name: string) {
  const { email, link } = await inviteStaff(request, role, name);
  const token = link.split('/').pop()!;
  const opened = await request.get(`/api/staff/StaffAuth/Invitation?token=${token}`);
  const secret = ((await opened.json()) as { object: { secretBase32: string } }).object.secretBase32;
  rememberSecret('staff TOTP secret', secret);
  const accepted = await request.post('/api/staff/StaffAuth/AcceptInvitation', {
    data: { token, password: TEST_SECRETS.password, code: totpCode(secret) },
  });
  expect((await accepted.json()).error.errorID, 'the invitation accepted').toBe(0);
  return { email, secret };
}
