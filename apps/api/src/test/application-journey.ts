import { EXPENSE_LIMITS } from '@lender/contract/constants';
import type { Stage1Payload } from '@lender/contract/calls/register';
import { CARDS, cardForm, methodData, nextYear, postForm } from '../sandbox/card-provider/test-support';
import { createApplicant } from './factories';
import { createQuoteRequest } from './quote-request';
import type { TestApp } from './test-app';

/**
 * An applicant taken through the application by the API's own calls and the card provider's sandbox, as
 * the browser takes a person through it: nothing is written to the database behind the API's back.
 */

/** The sandbox's answer to a tokenisation (docs/decisions/014). */
export type Tokenised = {
  threeDSVersion: string;
  trxId: string;
  key: string;
  fingerprintUrl: string | null;
  responseId: string;
  z2: string;
  z3: string;
};

/** Posts a card to the sandbox as the browser does: form-encoded, with the public static key. */
export async function tokeniseCard(
  t: TestApp,
  cardNumber: string = CARDS.frictionless,
  form: Record<string, string> = {},
): Promise<Tokenised> {
  const res = await postForm(
    t.app,
    '/sandbox/card-provider/tokenise',
    cardForm(t.ctx.config, { cardNumber, ...form }),
  );
  const body = res.json() as Tokenised;
  if (body.z2 !== '0') throw new Error(`tokenisation answered z2 ${body.z2}: ${body.z3}`);
  return body;
}

/** The hidden frame's post of the 3-D Secure method data, when the provider asks for it. */
export async function fingerprint(t: TestApp, tokenised: Tokenised): Promise<boolean> {
  if (!tokenised.fingerprintUrl) return false;
  const res = await postForm(t.app, new URL(tokenised.fingerprintUrl).pathname, {
    threeDSMethodData: methodData(tokenised.trxId),
  });
  return res.statusCode === 200;
}

/** The bank's challenge page, answered: its 303 points back at our page with z2, z3 and trxId. */
export async function answerBankChallenge(t: TestApp, redirectUrl: string, decision: 'confirm' | 'fail') {
  const { pathname, search } = new URL(redirectUrl);
  const page = await t.app.inject({ method: 'GET', url: pathname + search });
  if (page.statusCode !== 200) throw new Error(`the challenge page answered ${page.statusCode}`);
  const trxId = new URL(redirectUrl).searchParams.get('trxId')!;
  const answer = await t.app.inject({
    method: 'POST',
    url: pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ trxId, decision }).toString(),
  });
  if (answer.statusCode !== 303) throw new Error(`the challenge answered ${answer.statusCode}`);
  return new URL(answer.headers.location as string);
}

/** SubmitStage2's body for a tokenised card: the card without its number and code. */
export const createStage2Payload = (tokenised: Tokenised, isSignature: boolean, overrides: object = {}) => ({
  creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
  address: null,
  pKey: tokenised.key,
  trxId: tokenised.trxId,
  isSignature,
  ...overrides,
});

/** SubmitStage3's body: a household that can afford the factory's loan; override any field. */
export const createStage3Payload = (overrides: Record<string, unknown> = {}) => ({
  residentalStatusID: 7,
  liveInAddressID: 5,
  maritalStatusID: 1,
  employmentDetail: {
    employmentTypeID: 1,
    employmentIndustryID: 10,
    employmentName: 'Acme Ltd',
    employmentLength: 24,
  },
  finData: {
    ...Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 0])),
    rent: 600,
    food: 250,
    creditCommitment: 50,
    loanPurposeID: 1,
  },
  previousAddress: null,
  confirmation: true,
  ...overrides,
});

export const createStage4Payload = (overrides: object = {}) => ({
  sortCode: '12-34-56',
  bankAccountNumber: '31926819',
  ...overrides,
});

const post = async (t: TestApp, call: string, authorization: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/Register/${call}`,
    headers: { authorization },
    payload,
  });
  const body = res.json() as { error: { errorID: number; errorMessage: string }; object: unknown };
  if (body.error.errorID !== 0)
    throw new Error(`${call} answered errorID ${body.error.errorID}: ${body.error.errorMessage}`);
  return body.object;
};

export type Stage = 'stage2' | 'stage3' | 'stage4' | 'esign';

/**
 * A signed-in applicant whose application waits at `stage`: stage1 and the quote accepted; for stage 3 the
 * frictionless card checked; for stage 4 stage 3 answered too; for e-sign the bank details given.
 */
/** How the applicant goes through the later stages: the card they check (its tokenisation form) and bank details. */
export type Journey = { card?: Record<string, string>; stage4?: object };

export async function applicantAt(
  t: TestApp,
  stage: Stage,
  stage1: Partial<Stage1Payload> = {},
  journey: Journey = {},
) {
  const applicant = await createApplicant(t.app, { monthlynetPay: 2200, ...stage1 });
  const { authorization } = applicant;
  await post(t, 'AcceptQuote', authorization, createQuoteRequest());
  if (stage === 'stage2') return applicant;
  const tokenised = await tokeniseCard(t, journey.card?.cardNumber, journey.card);
  await post(
    t,
    'SubmitStage2',
    authorization,
    createStage2Payload(tokenised, await fingerprint(t, tokenised)),
  );
  if (stage === 'stage3') return applicant;
  await post(t, 'SubmitStage3', authorization, createStage3Payload());
  if (stage === 'stage4') return applicant;
  await post(t, 'SubmitStage4', authorization, createStage4Payload(journey.stage4));
  return applicant;
}
