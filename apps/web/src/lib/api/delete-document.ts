import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { DOCUMENTS_KEY } from './get-documents';

/** Document/DeleteDocument: the customer's own upload only (the server refuses the lender's documents). */
export const deleteDocument = (documentSourceID: number) =>
  callApi('deleteDocument', { documentSourceID }, { loaderMessage: 'Deleting the document.' });

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
