import type { ContactPreferences } from '@lender/contract/calls/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { updateAccountDetails } from './get-account-details';
import { noAnswer, usePreviewable } from './preview-answer';

export const changeContactPreference = (preferences: ContactPreferences) =>
  callApi('changeContactPreference', preferences);

export function useChangeContactPreference() {
  const client = useQueryClient();
  const send = usePreviewable(changeContactPreference, noAnswer);
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, contactPreferences) =>
      updateAccountDetails(client, (d) => ({
        ...d,
        contactDetails: { ...d.contactDetails, contactPreferences },
      })),
  });
}
