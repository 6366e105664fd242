import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 40 characters of 62: about 238 bits, far past guessing, and only letters and digits (issue 29). */
export const PARTNER_KEY_LENGTH = 40;
/** What staff see of a key (`partner list`): enough to tell two keys apart, too little to use one. */
export const KEY_HINT_LENGTH = 4;

/**
 * A new partner key. Letters and digits only, so it survives any partner's configuration file, shell and
 * copy-paste, and reads as one word in `key: <token>`; randomInt keeps every character uniform.
 */
export function newPartnerKey(): string {
  let key = '';
  for (let i = 0; i < PARTNER_KEY_LENGTH; i++) key += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return key;
}

export const partnerKeyHint = (key: string) => key.slice(-KEY_HINT_LENGTH);
