import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id setting: 19 MiB, 2 passes, 1 lane (about 60 ms a hash on the build machines). */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which this build cannot import by name).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

/**
 * A hash of a password nobody has, made once: checking a login against it when the e-mail is unknown,
 * or the customer has no password yet, takes as long as a real check, so the time taken does not tell
 * which e-mail addresses have accounts.
 */
let decoy: Promise<string> | null = null;

/** Whether `password` is the one `stored` was made from; with no stored hash, false after the same work. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(`no account ${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
