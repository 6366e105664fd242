import type { BankDetails } from '@lender/contract/rules/bank';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const submitStage4 = (payload: BankDetails) => callApi('submitStage4', payload);

/** Sends the bank details; the answer is the application's new status and its guid for e-sign. */
export const useSubmitStage4 = () => useMutation({ mutationFn: submitStage4 });
