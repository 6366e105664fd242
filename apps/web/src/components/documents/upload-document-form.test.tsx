import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider, queryClient } from '../../lib/query';
import { storeTokens } from '../../lib/session';
import { UploadDocumentForm } from './upload-document-form';

type Sent = { path: string; body: unknown };

/** The server: the categories, and the upload's answer; every request as sent. */
function stubApi(
  upload: () => { status?: number; errorID?: number; errorMessage?: string; object?: unknown },
) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    sent.push({ path, body: init?.body });
    const a =
      path === '/api/Dictionary/GetDictionaries'
        ? {
            object: {
              documentCategories: [
                { id: 1, name: 'Payslip' },
                { id: 2, name: 'Bank statement' },
              ],
            },
          }
        : path === '/api/Document/UploadDocument'
          ? upload()
          : { status: 404, errorID: 404, errorMessage: 'Not found.' };
    return Response.json(
      { error: { errorID: a.errorID ?? 0, errorMessage: a.errorMessage ?? '' }, object: a.object ?? null },
      { status: a.status ?? 200 },
    );
  });
  return { uploads: () => sent.filter((s) => s.path === '/api/Document/UploadDocument') };
}

async function renderForm() {
  const user = userEvent.setup();
  render(
    <QueryProvider>
      <UploadDocumentForm uploadsLeft={20} />
    </QueryProvider>,
  );
  await screen.findByRole('option', { name: 'Payslip' });
  return user;
}

beforeEach(() => storeTokens({ token: 'access', refreshToken: 'refresh' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const pdf = () => new File(['%PDF-1.4 a payslip'], 'payslip.pdf', { type: 'application/pdf' });

describe('the upload form', () => {
  it('sends the category and the file as multipart form data', async () => {
    const api = stubApi(() => ({ object: { documentSourceID: 12 } }));
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Document type'), 'Payslip');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByText('Uploaded payslip.pdf. Thank you.')).toBeTruthy();
    const body = api.uploads()[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('documentCategoryID')).toBe('1');
    expect((body.get('file') as File).name).toBe('payslip.pdf');
  });

  it('asks for a type and a file, and refuses a file over 10 MB, before sending anything', async () => {
    const api = stubApi(() => ({ object: { documentSourceID: 12 } }));
    const user = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findAllByText('Please choose a document type.')).not.toHaveLength(0);
    expect(screen.getAllByText('Please choose a file.')).not.toHaveLength(0);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('File'), big);
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(
      await screen.findAllByText('The file is too large. Please choose a file of 10 MB or less.'),
    ).not.toHaveLength(0);
    expect(api.uploads()).toEqual([]);
  });

  it("shows the server's refusal of the content on the file field", async () => {
    stubApi(() => ({
      status: 400,
      errorID: 400,
      errorMessage: 'Please choose a PDF, PNG or JPEG file.',
      object: { fields: { file: 'Please choose a PDF, PNG or JPEG file.' } },
    }));
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findAllByText('Please choose a PDF, PNG or JPEG file.')).not.toHaveLength(0);
    expect(screen.getByLabelText('File').getAttribute('aria-invalid')).toBe('true');
  });
});
