import type { CreditCard } from '@lender/contract/rules/card';
import type { CardProviderSettings } from './card-provider-settings';
import { runFingerprint } from './fingerprint-frame';
import { tokeniseCard } from './tokenise-card';

/** What the provider's check gives the page to send to our API (spec: pKey, trxId, isSignature). */
export type CardCheckResult = { pKey: string; trxId: string; isSignature: boolean };

/**
 * The browser's part of the card check (decision 014): tokenise, then the fingerprint when the provider
 * asks for one. Throws CardCheckError with the provider's text when it refuses the card.
 */
export async function checkCard(settings: CardProviderSettings, card: CreditCard): Promise<CardCheckResult> {
  const token = await tokeniseCard(settings, card);
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
