import { ErrorId } from '@lender/contract/error-ids';
import { ApiCallError } from '../../lib/api-client';

/**
 * The failure banner's text: the spec's words for the screen (`fallback`), or for a known errorID; a
 * refusal for trying too often (HTTP 429) gives the server's message, which says when to try again.
 */
export function changeFailure(err: unknown, fallback: string, known: Partial<Record<number, string>> = {}) {
  if (!(err instanceof ApiCallError)) return fallback;
  if (err.status === 429 || err.error.errorID === ErrorId.tooManyRequests) {
    return err.error.errorMessage || fallback;
  }
  return known[err.error.errorID] ?? fallback;
}
