import nodeConsole from 'node:console';
import { expiryYears } from '@lender/contract/rules/card';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { TokenisedCard } from '../lib/card-check/tokenise-card';

/** For tests of the pages that check a card: the sandbox provider as our settings call names it. */
export const PROVIDER = 'http://localhost:3000/sandbox/card-provider';

/** The sandbox's challenge card, as a person types it. */
export const CARD_NUMBER = '4000 0000 0000 3220';
export const CARD_DIGITS = CARD_NUMBER.replace(/ /g, '');
export const CVV = '8163';
/** The expiry year typed: next year, March (month 2 in what the page sends). */
export const nextYear = expiryYears()[1] as number;

/** Types the card into the card fields (CardFields) as a person would. */
export async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Card number'), CARD_NUMBER);
  await user.type(screen.getByLabelText('CVV2'), CVV);
  await user.type(screen.getByLabelText('Name on card'), 'Ann Smith');
  await user.selectOptions(screen.getByLabelText('Month'), '03 (Mar)');
  await user.selectOptions(screen.getByLabelText('Year'), String(nextYear));
}

/** The provider's answer to a card it tokenised and needs nothing more for. */
export const tokenised: TokenisedCard = {
  threeDSVersion: '2.2.0',
  trxId: 'trx-1',
  key: 'key-1',
  fingerprintUrl: null,
  responseId: 'resp-1',
  z2: '0',
  z3: null,
};

/**
 * A fetch answering our card-provider settings and the provider's tokenise (with what `tokenise` gives
 * at the time of the call); anything else is a test's mistake.
 */
export const providerFetch = (tokenise: () => TokenisedCard) => (url: string) => {
  if (url === '/api/card-provider') {
    return Response.json({
      error: { errorID: 0, errorMessage: '' },
      object: { url: PROVIDER, merchantId: 'merchant-7', staticKey: 'public-key' },
    });
  }
  if (url === `${PROVIDER}/tokenise`) return Response.json(tokenise());
  throw new Error(`unexpected fetch ${url}`);
};

/**
 * For tests of the fingerprint frame. happy-dom loads no frame and says so on Node's own console (it
 * took that one before Vitest's): that message is expected, any other is still shown.
 */
export function quietFrameLoading() {
  const log = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('Iframe page loading is disabled')) return;
    log(...args);
  });
}

/** The forms posted into a fingerprint frame: recorded instead of sent (the post is the network). */
export function recordFramePosts(): HTMLFormElement[] {
  const posted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(this);
  });
  return posted;
}

/** The hidden frame a recorded form was posted into. */
export const frameOf = (form: HTMLFormElement) =>
  document.querySelector<HTMLIFrameElement>(`iframe[name="${form.target}"]`);
