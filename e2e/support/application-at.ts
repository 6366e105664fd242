import { expect, type APIRequestContext } from '@playwright/test';
import type { Stage1Payload } from '@lender/contract/calls/register';
import type { Envelope } from '@lender/contract/envelope-types';
import { AppStatus } from '@lender/contract/status';
import {
  createStage2Payload,
  createStage3Payload,
  createStage4Payload,
  type Tokenised,
} from '../../apps/api/src/test/application-journey';
import { createQuoteRequest } from '../../apps/api/src/test/quote-request';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { cardForm, methodData } from '../../apps/api/src/sandbox/card-provider/test-support';
import { postApi, startApplication, type Tokens } from './api';
import { rememberSecret, TEST_SECRETS } from './secrets';

type CardProviderSettings = { url: string; merchantId: string; staticKey: string };
type StatusAnswer = { appStatusID: number; appGuid: string | null };

/**
 * The browser's half of the card check (decision 014) with the frictionless card: the card goes to the
 * provider's sandbox, form-encoded with the public settings the page reads, never to our API; the
 * fingerprint is posted when the provider asks for one. Answers SubmitStage2's body.
 */
async function checkCard(request: APIRequestContext, cardNumber: string = TEST_SECRETS.cardNumbers[0]) {
  const settings = (
    (await (await request.get('/api/card-provider')).json()) as Envelope<CardProviderSettings>
  ).object!;
  const tokenise = await request.post(`${settings.url}/tokenise`, {
    form: cardForm(
      { CARD_PROVIDER_MERCHANT_ID: settings.merchantId, CARD_PROVIDER_STATIC_KEY: settings.staticKey },
      { cardNumber, csv: TEST_SECRETS.securityCode },
    ),
  });
  const tokenised = (await tokenise.json()) as Tokenised;
  expect(tokenised, 'the sandbox tokenised the card').toMatchObject({ z2: '0' });
  rememberSecret('card provider key', tokenised.key);
  let isSignature = false;
  if (tokenised.fingerprintUrl) {
    const fingerprint = await request.post(tokenised.fingerprintUrl, {
      form: { threeDSMethodData: methodData(tokenised.trxId, settings.url) },
    });
    isSignature = fingerprint.ok();
  }
  return createStage2Payload(tokenised, isSignature);
}

/** Each step after stage 1 and the status it leads to, in the order an application takes them. */
const STEPS = [
  [
    'offerAccepted',
    (request, tokens) => postApi(request, '/api/Register/AcceptQuote', createQuoteRequest(), tokens),
  ],
  [
    'cardAccepted',
    async (request, tokens, cardNumber) =>
      postApi(request, '/api/Register/SubmitStage2', await checkCard(request, cardNumber), tokens),
  ],
  [
    'applicationCompleted',
    (request, tokens) => postApi(request, '/api/Register/SubmitStage3', createStage3Payload(), tokens),
  ],
  [
    'esignSent',
    (request, tokens) => postApi(request, '/api/Register/SubmitStage4', createStage4Payload(), tokens),
  ],
] as const satisfies readonly (readonly [
  keyof typeof AppStatus,
  (request: APIRequestContext, tokens: Tokens, cardNumber?: string) => Promise<StatusAnswer>,
])[];

export type ReachedStatus = (typeof STEPS)[number][0];

export type ApplicationAtOptions = {
  cardNumber?: string;
  /** Stage 1's answers that matter to the test (a long e-mail address, say). */
  stage1?: Partial<Stage1Payload>;
  /** Called at each status on the way, to look at that status's screen without a new application. */
  onReached?: (
    status: ReachedStatus,
    at: { tokens: Tokens; applicant: { email: string; mobile: string } },
  ) => Promise<void>;
};

/**
 * A real session whose application waits at `status`, taken there through the public calls a browser
 * makes (stage 1, AcceptQuote, the card check, SubmitStage3, SubmitStage4) with the API tests' own
 * payloads. Each answer must name the status its step leads to, so a page tested from here starts where
 * a person would be. The applicant's e-mail and mobile say where their messages go (e-sign's codes).
 */
export async function applicationAt(
  request: APIRequestContext,
  status: ReachedStatus,
  { cardNumber, stage1: overrides, onReached }: ApplicationAtOptions = {},
): Promise<{ tokens: Tokens; appGuid: string | null; applicant: { email: string; mobile: string } }> {
  const stage1 = createStage1Payload(overrides);
  const tokens = await startApplication(request, stage1);
  const applicant = { email: stage1.email.toLowerCase(), mobile: stage1.mobile };
  let appGuid: string | null = null;
  for (const [reached, step] of STEPS) {
    const answer = await step(request, tokens, cardNumber);
    expect(answer.appStatusID, `the application moved to ${reached}`).toBe(AppStatus[reached]);
    appGuid = answer.appGuid;
    await onReached?.(reached, { tokens, applicant });
    if (reached === status) break;
  }
  return { tokens, appGuid, applicant };
}
