import type { FileLike } from '@lender/contract/calls/document';
import { useState } from 'react';
import type { ZodType } from 'zod';
import { serverMessage } from '../../lib/api-client';
import { useDictionaries } from '../../lib/api/get-dictionaries';
import { useUploadDocument } from '../../lib/api/upload-document';
import { ErrorBanner, useErrorBanner } from '../form/error-banner';
import { ErrorSummary } from '../form/error-summary';
import { Field } from '../form/field';
import { OptionsSelect, toOptions } from '../form/options-select';
import { SubmitButton } from '../form/submit-button';
import { useContractForm } from '../form/use-contract-form';
import './documents.css';

type Values = { documentCategoryID: string; file: FileList | null };
type Payload = { documentCategoryID: number; file: FileLike & Blob };

const loadSchema = () =>
  import('@lender/contract/calls/document').then(
    (m) => m.uploadDocumentFormSchema as unknown as ZodType<Payload>,
  );

const toPayload = (v: Values) => ({
  documentCategoryID: v.documentCategoryID ? Number(v.documentCategoryID) : undefined,
  file: v.file?.[0],
});

type Props = {
  /** How many more files may be kept (the most is 20); at 0 the form says so instead. */
  uploadsLeft: number;
  /** The button's words ('Upload document'); `secondary` where another action is the page's main one. */
  submitLabel?: string;
  secondary?: boolean;
};

/**
 * Sends the customer's evidence: its category and the file (PDF, PNG or JPEG, 10 MB at most). The server
 * checks the file by its content; its refusals are shown on the field, or above the button.
 */
export function UploadDocumentForm({ uploadsLeft, submitLabel = 'Upload document', secondary }: Props) {
  const categories = useDictionaries(['documentCategories']);
  const upload = useUploadDocument();
  const failure = useErrorBanner();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, Payload>({
    schema: loadSchema,
    defaultValues: { documentCategoryID: '', file: null },
    toPayload,
    onSubmit: async (payload) => {
      failure.clear();
      setUploaded(null);
      await upload.mutateAsync(payload);
      setUploaded(payload.file.name);
      form.reset();
    },
    onError: (err) => failure.fail(serverMessage(err, 'We could not upload the file. Please try again.')),
  });

  if (uploadsLeft <= 0) {
    return (
      <p className="banner banner--info">
        You have uploaded 20 documents, which is the most we can keep. Please delete one you no longer need to
        upload another.
      </p>
    );
  }
  return (
    <form {...formProps} className="form upload-form">
      <ErrorSummary summary={summary} />
      <Field label="Document type" error={errorOf('documentCategoryID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            {...form.register('documentCategoryID')}
            placeholder="Choose a type"
            options={toOptions(categories.data?.documentCategories)}
          />
        )}
      </Field>
      <Field
        label="File"
        hint="A PDF, PNG or JPEG file of up to 10 MB, such as a payslip, a bank statement or a letter."
        error={errorOf('file')}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...form.register('file')}
            type="file"
            className="input"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          />
        )}
      </Field>
      <ErrorBanner {...failure.banner} />
      <div role="status">
        {uploaded ? <p className="banner banner--success">Uploaded {uploaded}. Thank you.</p> : null}
      </div>
      <div className="form-actions">
        <SubmitButton busy={busy} className={secondary ? 'button button--secondary' : 'button'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
