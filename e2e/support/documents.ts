import { expect, type Page } from '@playwright/test';

/** The smallest files of each kind, as their first bytes make them (what the server checks). */
export const FILES = {
  pdf: {
    name: 'payslip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    ),
  },
  png: {
    name: 'bank-statement.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      Buffer.alloc(32, 1),
    ]),
  },
  /** A text file named as a PDF: refused by its content. */
  textAsPdf: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Just some notes.\n') },
};

/** Chooses the document type and the file, as a person would, and presses the upload button. */
export async function uploadFile(
  page: Page,
  type: string,
  file: (typeof FILES)[keyof typeof FILES],
  button = 'Upload document',
) {
  await page.getByLabel('Document type').selectOption({ label: type });
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: button }).click();
}

/** Presses a download button and answers the file the browser saved: its name and its first bytes. */
export async function downloaded(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}
