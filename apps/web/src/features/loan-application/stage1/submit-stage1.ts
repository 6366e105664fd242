import type { Stage1Payload } from '@lender/contract/calls/register';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { setItems, storeTokens } from '../../../lib/session';

/** The spec allows about 60 seconds for the pre-approval decision: the loader says so. */
export const DECISION_LOADER_MESSAGE = 'Checking your application. This can take up to a minute.';

export const submitStage1 = (payload: Stage1Payload) =>
  callApi('submitStage1', payload, { forceLoader: true, loaderMessage: DECISION_LOADER_MESSAGE });

/**
 * Submits the application. On success the applicant is signed in: the tokens are stored, with the name
 * and e-mail of spec section 3's stored items, so the side panel greets them by first name.
 */
export const useSubmitStage1 = () =>
  useMutation({
    mutationFn: submitStage1,
    onSuccess: (tokens, payload) => {
      storeTokens(tokens);
      setItems({ firstName: payload.firstName, lastName: payload.lastName, userName: payload.email });
    },
  });
