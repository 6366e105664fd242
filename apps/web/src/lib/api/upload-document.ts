import { UPLOAD_FILE_FIELD } from '@lender/contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { DOCUMENTS_KEY } from './get-documents';

/** Document/UploadDocument: the category, then the file, as multipart/form-data. */
export function uploadDocument({ documentCategoryID, file }: { documentCategoryID: number; file: Blob }) {
  const form = new FormData();
  form.append('documentCategoryID', String(documentCategoryID));
  form.append(UPLOAD_FILE_FIELD, file);
  // A refusal (wrong type, too large, too many) is the form's to show, not the error page's.
  return callApi('uploadDocument', form, {
    loaderMessage: 'Uploading your document.',
    skipDefaultErrorHandling: true,
  });
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
