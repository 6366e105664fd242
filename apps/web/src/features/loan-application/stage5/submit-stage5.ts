import type { stage5Schema } from '@lender/contract/calls/register-stages';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export type Stage5Payload = z.output<typeof stage5Schema>;

export const submitStage5 = (payload: Stage5Payload) => callApi('submitStage5', payload);

/** Signs: the SMS code, both declarations and the guid. */
export const useSubmitStage5 = () => useMutation({ mutationFn: submitStage5 });
