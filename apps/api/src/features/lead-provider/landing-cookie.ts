import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Only the landing page's calls receive it: no other call, page or asset request carries it. */
export const LANDING_COOKIE_PATH = '/api/LeadProvider';

/** A cookie value as we make them (randomToken: base64url); anything else is not ours. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export type LandingCookie = ReturnType<typeof landingCookie>;

/**
 * The landing cookie, read and written by hand (the API has no cookie plugin and needs one cookie):
 * HttpOnly, so no script reads it; SameSite=Lax, so another site's page cannot submit with it; a session
 * cookie (no Max-Age), so the link works in this browser session only; Secure whenever the site is https.
 */
export function landingCookie(publicUrl: string) {
  const attributes = `Path=${LANDING_COOKIE_PATH}; HttpOnly; SameSite=Lax${publicUrl.startsWith('https:') ? '; Secure' : ''}`;
  return {
    read(req: FastifyRequest): string | null {
      const header = req.headers.cookie;
      if (!header) return null;
      for (const part of header.split(';')) {
        const at = part.indexOf('=');
        if (at > 0 && part.slice(0, at).trim() === LANDING_COOKIE) {
          const value = part.slice(at + 1).trim();
          return TOKEN.test(value) ? value : null;
        }
      }
      return null;
    },
    set: (reply: FastifyReply, token: string) =>
      reply.header('set-cookie', `${LANDING_COOKIE}=${token}; ${attributes}`),
    /** After the submit: the landing is over, and the browser keeps nothing of it. */
    clear: (reply: FastifyReply) =>
      reply.header('set-cookie', `${LANDING_COOKIE}=; ${attributes}; Max-Age=0`),
  };
}
