import type { Stage1Payload } from '@lender/contract/calls/register';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export const submitStage1 = (payload: Stage1Payload) =>
  callApi('submitStage1', payload, { forceLoader: true });

/** Submits the application; on success the tokens are stored and the login event is raised. */
export const useSubmitStage1 = () =>
  useMutation({
    mutationFn: submitStage1,
    onSuccess: (tokens, payload) => {
      storeTokens(tokens);
      window.dispatchEvent(new CustomEvent('lender:login', { detail: { email: payload.email } }));
    },
  });
