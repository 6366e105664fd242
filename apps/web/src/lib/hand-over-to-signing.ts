import { resumePathFor, AppStatus } from '@lender/contract/status';
import { callApi } from './api-client';
import { endServerSession, signOut } from './sign-out';
import { rememberSigningToken } from './signing-link';

/**
 * E-sign happens signed out (spec sections 4 and 6), and the guid alone opens nothing there
 * (docs/decisions/020): before the session goes, it is exchanged for a signing link of this browser's
 * own (Register/EsignLink). Then the session ends and the e-sign path is returned. `session` is a login's
 * answer, which the browser does not keep; without it, the stored session is used and signed out.
 */
export async function handOverToSigning(session?: { token: string; refreshToken: string }) {
  const link = await callApi('esignLink', undefined, session ? { accessToken: session.token } : {});
  rememberSigningToken(link.appGuid, link.signingToken);
  if (session) endServerSession(session.refreshToken);
  else signOut();
  return resumePathFor(AppStatus.esignSent, link.appGuid);
}
