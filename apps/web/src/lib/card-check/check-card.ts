import type { CreditCard } from '@lender/contract/rules/card';
import type { QueryClient } from '@tanstack/react-query';
import { trackRequest } from '../loader-store';
import { cardProviderSettingsQuery, type CardProviderSettings } from './card-provider-settings';
import { runFingerprint } from './fingerprint-frame';
import { tokeniseCard } from './tokenise-card';

/** What the provider's check gives the page to send to our API (spec: pKey, trxId, isSignature). */
export type CardCheckResult = { pKey: string; trxId: string; isSignature: boolean };

/**
 * The browser's part of the card check (decision 014): tokenise, then the fingerprint when the provider
 * asks for one. Throws CardCheckError with the provider's text when it refuses the card.
 */
export async function checkCard(
  settings: CardProviderSettings,
  card: CreditCard,
  /** Told when the provider has given its key, before the fingerprint (the lead page reports it). */
  onKey?: () => void,
): Promise<CardCheckResult> {
  const token = await tokeniseCard(settings, card);
  onKey?.();
  const isSignature = token.fingerprintUrl
    ? await runFingerprint({
        fingerprintUrl: token.fingerprintUrl,
        trxId: token.trxId,
        // The provider is the 3-D Secure server: the method reports to it, and the page learns that the
        // method ran from the frame's load event.
        notificationUrl: settings.url,
      })
    : false;
  return { pKey: token.key, trxId: token.trxId, isSignature };
}

/** The card check may wait on the bank: the loader says what is happening. */
export const CARD_CHECK_LOADER_MESSAGE = 'Checking your card with your bank. Please do not close this page.';

/**
 * The check as a page runs it: the provider's settings (read early by the page, so this seldom waits),
 * then checkCard, with the loader shown at once and saying what is happening.
 */
export const checkCardInPage = (queryClient: QueryClient, card: CreditCard, onKey?: () => void) =>
  trackRequest(
    queryClient
      .ensureQueryData(cardProviderSettingsQuery)
      .then((settings) => checkCard(settings, card, onKey)),
    { force: true, message: CARD_CHECK_LOADER_MESSAGE },
  );
