import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { enrolledStaff } from '../../support/staff';

/*
 * Issue 48 items 4 and 8 (staff-care): an agent records a note and a contact on a customer and reads them
 * on the customer's page, newest first; a vulnerability recorded there shows as a banner at once.
 */
test('an agent records a note and a contact on a customer, sees them, and the vulnerability banner shows once recorded', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant } = await applicationAt(request, 'esignSent');
  await enrolledStaff(page.request, 'agent', 'Aled Agent');
  const found = await page.request.get(
    `/api/staff/Customers/Search?q=${encodeURIComponent(applicant.email)}`,
  );
  const customerId = ((await found.json()) as { object: { customers: { customerId: number }[] } }).object
    .customers[0]!.customerId;

  await page.goto(`/staff/customers/${customerId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Contact details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vulnerable customer' })).toHaveCount(0);

  const note = page.getByRole('form', { name: 'Add a note' });
  await note.getByLabel('Note').fill('Asked how to repay early.');
  await note.getByRole('button', { name: 'Add the note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');

  const contact = page.getByRole('form', { name: 'Record a contact' });
  await contact.getByLabel('Channel').selectOption('Phone');
  await contact.getByLabel('Direction').selectOption('We contacted the customer');
  await contact.getByLabel('Outcome').selectOption('Left a message');
  await contact.getByLabel('Contact note (optional)').fill('Voicemail, asked to call back.');
  await contact.getByRole('button', { name: 'Record the contact' }).click();
  await expect(page.getByRole('status')).toHaveText('Contact recorded.');

  const log = page.getByRole('table', { name: 'Notes and contacts, newest first' });
  const rows = log.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Phone, out: Left a message');
  await expect(rows.nth(1)).toContainText('Aled Agent');
  await expect(rows.nth(2)).toContainText('Asked how to repay early.');

  const record = page.getByRole('form', { name: 'Record a vulnerability' });
  // Health without the customer's consent to record it: refused, on the form, before anything is sent.
  await record.getByLabel('Characteristic').selectOption('Health');
  await record.getByLabel('What the customer told us').fill('Recovering from an operation.');
  await record.getByLabel('What we will do differently').fill('Short calls.');
  await record
    .getByLabel('Review date')
    .fill(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
  await record.getByRole('button', { name: 'Record the vulnerability' }).click();
  await expect(record.getByText(/recorded only with the customer's explicit consent/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vulnerable customer' })).toHaveCount(0);

  await record.getByLabel('Characteristic').selectOption('Life event');
  await record.getByLabel('What the customer told us').fill('Bereavement last month.');
  await record.getByLabel('What we will do differently').fill('No calls before 10am; offer more time.');
  const review = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await record.getByLabel('Review date').fill(review);
  await record.getByRole('button', { name: 'Record the vulnerability' }).click();
  const banner = page.getByRole('region', { name: 'Vulnerable customer' });
  await expect(banner).toContainText('Life event: No calls before 10am; offer more time.');
  await expectNoSeriousA11yViolations(page);
});
