import crypto from 'node:crypto';

/**
 * The card token an approved check gives the merchant. Derived rather than drawn and kept, so a
 * repeated confirm answers the same token while the sandbox stores only its SHA-256: the merchant's
 * secret key makes it unknowable to the browser, the random key (256 bits) unguessable to anyone.
 */
export const cardToken = (secretKey: string, trxId: string, key: string) =>
  `tok_${crypto.createHmac('sha256', secretKey).update(`${trxId}:${key}`).digest('base64url')}`;
