import type { ContactPreferences } from '@lender/contract/calls/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { updateAccountDetails } from './get-account-details';
import { usePreviewAnswer } from './preview-answer';

export const changeContactPreference = (preferences: ContactPreferences) =>
  callApi('changeContactPreference', preferences);

export function useChangeContactPreference() {
  const client = useQueryClient();
  const preview = usePreviewAnswer();
  return useMutation({
    mutationFn: (preferences: ContactPreferences) =>
      preview ? preview(null) : changeContactPreference(preferences),
    onSuccess: (_answer, contactPreferences) =>
      updateAccountDetails(client, (d) => ({
        ...d,
        contactDetails: { ...d.contactDetails, contactPreferences },
      })),
  });
}
