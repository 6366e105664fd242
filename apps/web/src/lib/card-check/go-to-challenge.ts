import { Msg } from '@lender/contract/rules/messages';
import { CardCheckError } from './card-check-error';

/**
 * Sends the browser to the bank's 3-D Secure challenge. Only a web address leaves (never a javascript:
 * one): anything else is a failed check, and `abandon` drops what the page kept for its return.
 */
export function goToChallenge(url: string, abandon: () => void) {
  const target = new URL(url, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    abandon();
    throw new CardCheckError(Msg.cardCheck);
  }
  window.location.assign(target.href);
}
