import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The body is the application guid as a bare JSON string (spec section 7). */
export const sendVerificationAndUniqueUrlEmail = (guid: string) =>
  callApi('sendVerificationAndUniqueUrlEmail', guid);

/** Sends the verification e-mail again with a new link; the link sent before stops working. */
export const useSendVerificationAndUniqueUrlEmail = () =>
  useMutation({ mutationFn: sendVerificationAndUniqueUrlEmail });
