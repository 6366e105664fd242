import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { emailsTo } from '../../support/outbox';
import { enrolledStaff } from '../../support/staff';

/*
 * Issue 48 item 7 (staff-complaints): a complaints handler logs a complaint on a customer's page, the
 * customer is e-mailed its acknowledgement with the 8-week date, and the handler closes it from the
 * register with a final response letter, kept as the customer's document and e-mailed.
 */
test('a complaint is logged, acknowledged and closed with a final response letter', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant } = await applicationAt(request, 'esignSent');
  await enrolledStaff(page.request, 'complaints', 'Cara Complaints');
  const found = await page.request.get(
    `/api/staff/Customers/Search?q=${encodeURIComponent(applicant.email)}`,
  );
  const customerId = ((await found.json()) as { object: { customers: { customerId: number }[] } }).object
    .customers[0]!.customerId;
  const register = await page.request.get('/api/staff/Complaints/List');
  const today = ((await register.json()) as { object: { businessDate: string } }).object.businessDate;

  await page.goto(`/staff/customers/${customerId}`);
  const log = page.getByRole('form', { name: 'Log a complaint' });
  await log.getByLabel('Received by').selectOption('Web chat');
  await log.getByLabel('Category').selectOption('Fees and charges');
  await log.getByLabel('Received on').fill(today);
  await log.getByLabel('What the customer complains of').fill('Charged a fee after paying on time.');
  await log.getByRole('button', { name: 'Log the complaint' }).click();
  await expect(page.getByRole('status')).toContainText(/Complaint CMP-\d{6} logged/);
  const reference = /CMP-\d{6}/.exec((await page.getByRole('status').textContent()) ?? '')![0];

  // The acknowledgement, at once: the reference, what happens next and the 8-week date.
  let ack = '';
  await expect
    .poll(
      async () =>
        (ack =
          (await emailsTo(request, applicant.email)).find((m) => m.text.includes(reference))?.text ?? ''),
    )
    .toContain('What happens next');
  expect(ack).toContain('We will send you our final response by');

  await page.getByRole('navigation').getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await page.getByRole('button', { name: `Resolve ${reference}` }).click();
  const resolve = page.getByRole('form', { name: `Resolve complaint ${reference}` });
  await resolve.getByLabel('Outcome', { exact: true }).selectOption('Partly upheld');
  await resolve.getByLabel('Root cause').fill('Payment allocated a day late.');
  await resolve
    .getByLabel('Reasons for the outcome (in the letter)')
    .fill('Your payment reached us on the due date.');
  await resolve.getByLabel('Redress in pence').fill('1500');
  await resolve.getByLabel('Response', { exact: true }).selectOption('Final response letter (PDF)');
  await resolve.getByRole('button', { name: 'Close the complaint' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Complaint ${reference} closed: the final response letter`,
  );

  // On the customer's record: closed, with the letter to download; and the customer has it by e-mail.
  await page.goto(`/staff/customers/${customerId}`);
  const row = page
    .getByRole('table', { name: 'Complaints, newest first' })
    .getByRole('row', { name: reference });
  await expect(row).toContainText('Partly upheld, redress £15.00');
  const letter = row.getByRole('link', { name: `Final response letter ${reference}` });
  const pdf = await page.request.get((await letter.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect
    .poll(async () =>
      (await emailsTo(request, applicant.email)).some((m) =>
        m.text.includes('Financial Ombudsman Service, free of charge'),
      ),
    )
    .toBe(true);
  await expectNoSeriousA11yViolations(page);
});
