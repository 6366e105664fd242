import { isEsignStatus, resumePathFor } from '@lender/contract/status';

type LoginAnswer = { appStatusID: number; appGuid: string | null; isLegal: boolean };

/** Where a login leads, and whether the browser keeps the session it opened (spec section 4, Login). */
export type AfterLogin = { path: string; keepSession: boolean };

/**
 * An application waiting for its signature goes to e-sign, which happens signed out, so the session is
 * not kept. Otherwise a legal-flagged account that came for the pre-claim area goes there; everyone else
 * resumes their application where it stands, or lands on borrow when there is nothing to resume.
 */
export function afterLogin(answer: LoginAnswer, state: string | null): AfterLogin {
  const mapped = resumePathFor(answer.appStatusID, answer.appGuid);
  if (isEsignStatus(answer.appStatusID)) return { path: mapped, keepSession: false };
  if (answer.isLegal && state === 'preClaim') return { path: '/pre-claim', keepSession: true };
  return { path: mapped === '/' ? '/borrow' : mapped, keepSession: true };
}
