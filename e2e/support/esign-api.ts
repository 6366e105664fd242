import { expect, type APIRequestContext } from '@playwright/test';
import { signingLinkFor, smsCodeFor, verificationLinkFor } from './outbox';

/** E-sign through the calls the e-sign page makes, for the applicant whose screens are not under test. */
export async function signByApi(request: APIRequestContext, applicant: { email: string; mobile: string }) {
  const link = new URL(await signingLinkFor(request, applicant.email));
  const guid = link.pathname.split('/').pop()!;
  const headers = { 'x-signing-token': link.hash.slice(1) };
  const verification = new URL(await verificationLinkFor(request, applicant.email)).searchParams;
  await request.get(`/api/Register/CheckEmailVerification?${verification}`);
  await request.get(`/api/Register/GetEsign?guid=${guid}`, { headers });
  const signed = await request.post('/api/Register/SubmitStage5', {
    headers,
    data: {
      smsCode: await smsCodeFor(request, applicant.mobile),
      termsAccepted: true,
      understodInfo: true,
      guid,
    },
  });
  expect((await signed.json()).error.errorID).toBe(0);
}
