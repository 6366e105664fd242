/**
 * The signing link's token (docs/decisions/020): the e-sign page's calls carry it in `X-Signing-Token`,
 * as the guid alone opens nothing. It arrives in the fragment of the e-mailed link (a fragment is never
 * sent to a server, so it is in no request line or log) or from Register/EsignLink when a signed-in
 * applicant is handed over to e-sign. Kept in local storage per application, so the e-mail verification
 * page, opened in another tab, can return to e-sign; forgotten once signed.
 */
const KEY_PREFIX = 'signing:';

export const signingTokenFor = (guid: string) => localStorage.getItem(KEY_PREFIX + guid) ?? '';

export const rememberSigningToken = (guid: string, token: string) =>
  localStorage.setItem(KEY_PREFIX + guid, token);

export const forgetSigningToken = (guid: string) => localStorage.removeItem(KEY_PREFIX + guid);

/**
 * Moves a token in the address's fragment to storage and takes it off the address, so it stays out of
 * the history, bookmarks and anything the page's address is copied into.
 */
export function takeSigningTokenFromAddress(guid: string): void {
  const token = window.location.hash.slice(1);
  if (!token) return;
  rememberSigningToken(guid, decodeURIComponent(token));
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
}

/** The guid an e-sign call names: its bare-string body, or the `guid` of its query or body. */
export function guidOfInput(input: unknown): string {
  if (typeof input === 'string') return input;
  const guid = (input as { guid?: unknown } | null)?.guid;
  return typeof guid === 'string' ? guid : '';
}
