import { z } from 'zod';
import type { Permission } from '../staff-permissions';

/**
 * Who may make a call (issue 44; the API's plugins/principal.ts checks it before the handler runs).
 * `public`: anyone. `session`: a customer's bearer token. `signing`: the e-sign page's calls, which need the
 * signing link's token in the `X-Signing-Token` header (docs/decisions/020); the guid alone opens nothing.
 * `partner`: a lead partner's key as a bearer token. `{ staff }`: a staff session (the `staff_session`
 * cookie) whose role holds that permission, or any staff member for `'any'`; such a call lives under
 * `/api/staff/`.
 */
export type CallAuth = 'public' | 'session' | 'signing' | 'partner' | { staff: Permission | 'any' };

/**
 * One call of spec section 7 (plus the address lookup): where it lives, who may call it, and its schemas.
 * The API registers a route per entry and validates with the schemas; the web app receives only the
 * route facts (`callRoutes`), as data made at build time, so the browser never ships these schemas.
 */
type CallSpec = {
  controller: string;
  action: string;
  method: 'GET' | 'POST';
  /**
   * `staff`: a call of the staff console that no staff session can make yet (opening an invitation,
   * signing in) lives under `/api/staff/` too, so the console's calls share one prefix and the
   * `staff_session` cookie (Path=/api/staff) reaches the sign-out. A call with `auth: { staff }` is
   * there without saying so.
   */
  area?: 'staff';
  /** Who may call it (`CallAuth`): required, so no call can leave it out. */
  auth: CallAuth;
  /** The spec marks these: an HTTP failure does not navigate to /error. */
  skipDefaultErrorHandling?: boolean;
  /** Past its limit the call answers HTTP 429 with a Retry-After header (a resend, a sign-in). */
  rateLimited?: boolean;
  /**
   * The `object` of its declined answer (errorID `declined`, HTTP 200) where it says more than the
   * decline: the credit reference agency whose information counted (Consumer Credit Act s157, issue 47).
   */
  declinedObject?: z.ZodType;
  /** The `object` of its 429 answer, when it says more than Retry-After (the resends' wait); else null. */
  tooManyObject?: z.ZodType;
  /**
   * The lead landing's cookie (`LANDING_COOKIE`, docs/decisions/030): the call that lands a lead sets it;
   * the submit needs it (and clears it once decided). The browser sends it by itself (HttpOnly).
   */
  landingCookie?: 'sets' | 'requires';
  /** A JSON body, a multipart/form-data body or a query string; a call has at most one of them. */
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * A multipart/form-data body (issue 28: an upload): the schema of its text fields, the one field that
   * carries the file, and the file's size limit (a larger one is cut off as it streams in).
   */
  multipart?: MultipartSpec;
  response: z.ZodType;
  /**
   * A call whose success is a file rather than JSON (a refusal is still JSON): its media type, or the
   * media types it may have (an upload is served with the type its content was found to be).
   */
  file?: FileMediaType | readonly FileMediaType[];
};

export type FileMediaType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'text/csv';
export type MultipartSpec = { fields: z.ZodType; file: string; maxFileBytes: number };

/** Where the input travels, derived from the schemas so it cannot disagree with them. */
type InputOf<T> = T extends { body: z.ZodType }
  ? 'body'
  : T extends { multipart: MultipartSpec }
    ? 'multipart'
    : T extends { query: z.ZodType }
      ? 'query'
      : 'none';

export type CallDef = CallSpec & { input: 'body' | 'multipart' | 'query' | 'none' };

/** One call's spec, with where its input travels worked out from its schemas. */
export const call = <
  const T extends CallSpec & { body?: z.ZodType } & ({ body?: undefined } | { query?: undefined }),
>(
  spec: T,
) => ({
  ...spec,
  input: (spec.body ? 'body' : spec.multipart ? 'multipart' : spec.query ? 'query' : 'none') as InputOf<T>,
});
/** The `object` of a call that answers nothing but success. */
export const empty = z.null();
