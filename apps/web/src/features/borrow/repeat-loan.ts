import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi, type CallInput } from '../../lib/api-client';
import { CARD_CHECK_LOADER_MESSAGE } from '../../lib/card-check/check-card';
import { pendingCardCheck, sendKeepingPending } from '../../lib/card-check/pending-card-check';

export type RepeatLoanBody = CallInput<'repeatLoan'>;
export type RepeatLoanAnswer = CallResponse<'repeatLoan'>;
export type RepeatLoanPrefill = CallResponse<'getRepeatLoan'>;

/** Register/GetRepeatLoan: the form's starting point, read fresh on each visit. */
export const useRepeatLoanPrefill = (enabled: boolean) =>
  useQuery({
    queryKey: ['repeat-loan-prefill'],
    queryFn: () => callApi('getRepeatLoan', undefined),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * What borrow/apply keeps while the browser is at the bank's challenge: the request as sent, under a
 * name of its own (`body`), so that its card wrapper is kept as it is; its card is the summary already.
 */
export type PendingRepeatLoan = { trxId: string | null; body: RepeatLoanBody };
export const pendingRepeatLoan = pendingCardCheck<PendingRepeatLoan>('repeatLoanPendingCheck');

/**
 * RepeatLoan. Its HTTP failures stay on the form ('Error Occured!', spec section 8), and its idempotency
 * key travels in the body, kept with the request for the return from the bank (docs/decisions/027).
 */
const repeatLoan = ({ body }: PendingRepeatLoan) =>
  callApi('repeatLoan', body, {
    forceLoader: true,
    loaderMessage: body.useExistingCard ? 'Sending your application.' : CARD_CHECK_LOADER_MESSAGE,
    skipDefaultErrorHandling: true,
  });

/** Sends the application, keeping it while the answer sends the browser to the bank's challenge. */
export const sendRepeatLoan = (request: PendingRepeatLoan) =>
  sendKeepingPending(pendingRepeatLoan, request, repeatLoan);
