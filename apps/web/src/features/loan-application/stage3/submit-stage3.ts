import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { Stage3Payload } from './stage3-values';

export const submitStage3 = (payload: Stage3Payload) => callApi('submitStage3', payload);

/** Sends the affordability details; the answer is the application's new status. */
export const useSubmitStage3 = () => useMutation({ mutationFn: submitStage3 });
