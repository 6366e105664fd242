import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The body is the application guid as a bare JSON string (spec section 7). */
export const sendVerificationSms = (guid: string) => callApi('sendVerificationSms', guid);

/** Sends a new SMS code; it replaces the one sent before. */
export const useSendVerificationSms = () => useMutation({ mutationFn: sendVerificationSms });
