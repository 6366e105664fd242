import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { ApiCallError } from '../../../lib/api-client';
import { linkMovedOn } from './link-moved-on';

/** The e-sign variant of the error page: it tells the applicant to use the link in their e-mail. */
export const ESIGN_ERROR_PATH = '/error?esign=true';

/** Section 8's text for errorID 221, shown on the SMS code field. */
export const NOT_VALID_SMS_CODE = Refusal.invalidSmsCode.errorMessage;

/** The errorID of a refused e-sign call's answer, or null for any other failure. */
export const errorIdOf = (err: unknown) => (err instanceof ApiCallError ? err.error.errorID : null);

/** An answer with this errorID (`ErrorId`), from any e-sign call. */
export const hasErrorId = (err: unknown, errorID: number) =>
  err instanceof ApiCallError && err.error.errorID === errorID;

/**
 * Where a failed read of the e-sign page goes: a link that no longer opens e-sign (errorID 220) or is not
 * a link we made (a 400 on the guid) to the e-sign error page, any other refusal to the error page, and
 * nowhere for an HTTP failure, which the API client has already sent to /error.
 */
export function esignFailurePath(err: unknown): string | null {
  if (hasErrorId(err, ErrorId.esignClosed)) return ESIGN_ERROR_PATH;
  // No signing link: the page itself says how to get one (docs/decisions/020); a link whose application
  // moved on: the page says what became of it (link-moved-on.tsx).
  if (hasErrorId(err, ErrorId.signingLinkNeeded) || linkMovedOn(errorIdOf(err))) return null;
  if (!(err instanceof ApiCallError)) return '/error';
  if (err.status === 400) return ESIGN_ERROR_PATH;
  return err.status === 200 ? '/error' : null;
}
