import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { useSearchParams } from 'react-router';
import { ApiCallError } from '../../lib/api-client';
import { TEST_MODE } from '../../lib/test-mode';

/** What the server says with these codes, so a previewed banner reads as the real one does. */
const SAMPLE_MESSAGES: Partial<Record<number, string>> = {
  [ErrorId.mobileAlreadyRegistered]: Refusal.mobileAlreadyRegistered.errorMessage,
  [ErrorId.tooManyRequests]: Refusal.tooManyRequests.errorMessage,
};

/** Resolves with the answer given (success), or fails as the server would with the previewed code. */
export type PreviewAnswer = <T>(answer: T) => Promise<T>;

/**
 * Preview mode (spec section 2: 'In preview mode each reads an error code from the query string'): a
 * change screen asks the server nothing and answers from `?error=`, none or 0 being success. Null
 * outside preview mode.
 */
export function usePreviewAnswer(): PreviewAnswer | null {
  const [params] = useSearchParams();
  if (!TEST_MODE) return null;
  const errorId = Number(params.get('error')) || ErrorId.none;
  return async <T>(answer: T) => {
    if (errorId === ErrorId.none) return answer;
    const status = errorId === ErrorId.tooManyRequests ? 429 : 200;
    throw new ApiCallError({ errorID: errorId, errorMessage: SAMPLE_MESSAGES[errorId] ?? '' }, status);
  };
}

/**
 * A call file's fetcher as its hook should use it: the call itself, or in preview mode the answer a
 * success would give (`sample`, from the input), or the previewed refusal. Written once here, so no call
 * file carries the preview branch of its own.
 */
export function usePreviewable<I, O>(
  call: (input: I) => Promise<O>,
  sample: (input: I) => O,
): (input: I) => Promise<O> {
  const preview = usePreviewAnswer();
  return preview ? (input) => preview(sample(input)) : call;
}

/** The sample answer of a call that answers nothing (`object` null). */
export const noAnswer = () => null;
