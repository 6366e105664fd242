import crypto from 'node:crypto';

/** A random URL-safe token (256 bits). */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256 only: a database leak does not leak a usable token. */
export const sha256 = (value: string | Uint8Array) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * AES-256-GCM for the few values we must be able to read back (bank account numbers). The output is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so the key can be rotated by version later.
 */
export function encrypt(plain: string, keyHex: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decrypt(sealed: string, keyHex: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unsupported sealed value');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(keyHex, 'hex'),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
