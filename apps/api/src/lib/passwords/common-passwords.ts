import fs from 'node:fs';

/**
 * The most common passwords that could pass the spec's rule (at least 6 characters with a letter and a
 * digit), lower-cased: 10,957 entries of the list zxcvbn-ts ships (MIT, common-passwords.LICENSE.txt),
 * shipped with the product so the check needs no outside service. Compared without case, so
 * 'Password1' is refused with 'password1'.
 */
let list: Set<string> | null = null;

function load(): Set<string> {
  const text = fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(text.split('\n').filter(Boolean));
}

export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}
