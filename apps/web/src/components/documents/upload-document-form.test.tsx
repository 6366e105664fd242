import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider, queryClient } from '../../lib/query';
import { storeTokens } from '../../lib/session';
import { ApiCallError } from '../../lib/api-client';
import { answerCalls } from '../../testing/answer-calls';
import { UploadDocumentForm } from './upload-document-form';

/** The server: the categories, and the upload's answer; every call as sent. */
function stubApi(upload: () => unknown) {
  const api = answerCalls({
    getDictionaries: () => ({
      documentCategories: [
        { id: 1, name: 'Payslip' },
        { id: 2, name: 'Bank statement' },
      ],
    }),
    uploadDocument: () => upload(),
  });
  return { uploads: () => api.to('uploadDocument') };
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
    const api = stubApi(() => ({ documentSourceID: 12 }));
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Document type'), 'Payslip');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByText('Uploaded payslip.pdf. Thank you.')).toBeTruthy();
    const body = api.uploads()[0]!.input;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('documentCategoryID')).toBe('1');
    expect((body.get('file') as File).name).toBe('payslip.pdf');
  });

  it('asks for a type and a file, and refuses a file over 10 MB, before sending anything', async () => {
    const api = stubApi(() => ({ documentSourceID: 12 }));
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
    stubApi(
      () =>
        new ApiCallError({ errorID: 400, errorMessage: 'Please choose a PDF, PNG or JPEG file.' }, 400, {
          fields: { file: 'Please choose a PDF, PNG or JPEG file.' },
        }),
    );
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findAllByText('Please choose a PDF, PNG or JPEG file.')).not.toHaveLength(0);
    expect(screen.getByLabelText('File').getAttribute('aria-invalid')).toBe('true');
  });
});
