import { staffPermissionOf, type CallAuth } from '@lender/contract/api-calls';
import { refuse, Refusal } from '@lender/contract/envelope';
import { ROLE_PERMISSIONS, type Permission, type StaffRole } from '@lender/contract/staff-permissions';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { bearerKeyOf, partnerKeyHash } from '../entities/partner-leads/partner-credential';
import { partnerRepository, type Partner } from '../entities/partner-leads/partner-repository';
import { staffAccounts, type StaffAccounts } from '../entities/staff/staff-sessions';
import { readCookie } from '../lib/cookies';
import type { SessionStore } from '../lib/sessions/session-store';
import { requireSession, type Session } from './auth';
import { customerActor, partnerActor, staffActor, type Actor } from '../entities/audit/actor';

/**
 * Who is making a call (issue 44). Every call declares who may make it (the contract's `CallAuth`); the
 * hook `requirePrincipal` makes for it resolves the principal from that kind of credential only, refuses
 * before the handler runs, and hands the handler a principal of the declared kind (`CallContext`).
 */
export type AnonymousPrincipal = { readonly kind: 'anonymous' };
export type CustomerPrincipal = {
  readonly kind: 'customer';
  readonly customerId: number;
  readonly familyId: number;
};
/**
 * The e-sign page's caller: the signing link's token as sent ('' when absent). Only the service can tell
 * whether it opens the application the call names, so it refuses, in the envelope (docs/decisions/020).
 */
export type SigningPrincipal = { readonly kind: 'signing'; readonly token: string };
export type PartnerPrincipal = { readonly kind: 'partner'; readonly partner: Partner };
export type StaffPrincipal = {
  readonly kind: 'staff';
  readonly staffId: number;
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string;
  readonly role: StaffRole;
  readonly permissions: readonly Permission[];
  readonly sessionId: number;
};
export type Principal =
  AnonymousPrincipal | CustomerPrincipal | SigningPrincipal | PartnerPrincipal | StaffPrincipal;

/** The principal a call's handler receives, from the call's `auth`. */
export type PrincipalOf<A extends CallAuth> = A extends 'session'
  ? CustomerPrincipal
  : A extends 'signing'
    ? SigningPrincipal
    : A extends 'partner'
      ? PartnerPrincipal
      : A extends { staff: unknown }
        ? StaffPrincipal
        : AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });

/**
 * Who acted, as the audit columns store it: `customer:<id>`, `staff:<id>`, `partner:<id>`. Only a
 * principal that names someone has one (an anonymous caller or a signing link's holder does not: the
 * service knows whose application it opened).
 */
export function actorOf(principal: CustomerPrincipal | StaffPrincipal | PartnerPrincipal): Actor {
  switch (principal.kind) {
    case 'customer':
      return customerActor(principal.customerId);
    case 'staff':
      return staffActor(principal.staffId);
    case 'partner':
      return partnerActor(principal.partner.id);
  }
}

export const SIGNING_TOKEN_HEADER = 'x-signing-token';

/** The signing link's token, from its header only: never a URL, which logs and histories keep. */
const signingTokenOf = (req: FastifyRequest) => {
  const header = req.headers[SIGNING_TOKEN_HEADER];
  return typeof header === 'string' ? header.trim().slice(0, 200) : '';
};

/** The staff console's session cookie (same origin, under /staff; its calls under /api/staff/). */
export const STAFF_SESSION_COOKIE = 'staff_session';
const STAFF_COOKIE_PATH = '/api/staff';
/** A cookie value as randomToken makes them (base64url); anything else is not ours and is not looked up. */
const STAFF_TOKEN = /^[A-Za-z0-9_-]{40,60}$/;

/**
 * The Set-Cookie header of an opened staff session (the console's sign-in, issue 48): HttpOnly, so no
 * script reads it; SameSite=Strict, so no other site's page sends it; Secure in production (and whenever
 * the site is https); only the staff API receives it; it lives no longer than the session's absolute end.
 */
export function staffSessionCookie(config: Config, token: string, maxAgeSeconds: number) {
  const secure = config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https:');
  return `${STAFF_SESSION_COOKIE}=${token}; Path=${STAFF_COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export type PrincipalSources = {
  config: Config;
  sessions: Pick<SessionStore, 'isLive' | 'knownLiveness'>;
  partners: { findActiveByKeyHash(keyHash: string): Promise<Partner | undefined> };
  staff: Pick<StaffAccounts, 'findLive'>;
};

export const principalSources = (ctx: AppContext): PrincipalSources => ({
  config: ctx.config,
  sessions: ctx.sessions,
  partners: partnerRepository(ctx.db),
  staff: staffAccounts(ctx.db),
});

type Hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

const customerPrincipal = ({ customerId, familyId }: Session): CustomerPrincipal => ({
  kind: 'customer',
  customerId,
  familyId,
});

/**
 * The onRequest hook of a call: it answers 401 (a missing, invalid or ended credential of the kind the call
 * takes; another kind counts as none, so a customer's token on a staff call is 401) or 403 (a staff member
 * whose role lacks the call's permission) before the body is read or validated, or sets `req.principal`.
 * Null for a public call, which has nothing to check.
 */
export function requirePrincipal(auth: CallAuth, sources: PrincipalSources): Hook | null {
  if (auth === 'public') return null;
  if (auth === 'session') {
    // The customer's check keeps its fast path (auth.ts: the verified-token cache and known liveness).
    const check = requireSession(sources.config, sources.sessions);
    return (req, reply, done) =>
      check(req, reply, (err?: Error) => {
        if (err) return done(err);
        req.principal = customerPrincipal(req.session!);
        done();
      });
  }
  if (auth === 'signing') {
    return (req, _reply, done) => {
      req.principal = { kind: 'signing', token: signingTokenOf(req) };
      done();
    };
  }
  if (auth === 'partner') {
    return (req, reply, done) => {
      const key = bearerKeyOf(req.headers.authorization);
      const refused = () => reply.code(401).send(refuse(Refusal.partnerKeyRefused));
      if (!key) return refused();
      // Looked up by the hash on every request: a key added or revoked by staff counts at once.
      sources.partners.findActiveByKeyHash(partnerKeyHash(key)).then((partner) => {
        if (!partner) return refused();
        req.principal = { kind: 'partner', partner };
        done();
      }, done);
    };
  }
  const permission = staffPermissionOf(auth)!;
  return (req, reply, done) => {
    const token = readCookie(req.headers.cookie, STAFF_SESSION_COOKIE);
    if (!token || !STAFF_TOKEN.test(token)) return reply.code(401).send(refuse(Refusal.unauthorized));
    sources.staff.findLive(token).then((live) => {
      if (!live) return reply.code(401).send(refuse(Refusal.unauthorized));
      const { member } = live;
      const permissions = ROLE_PERMISSIONS[member.role];
      if (permission !== 'any' && !permissions.includes(permission)) {
        return reply.code(403).send(refuse(Refusal.permissionNeeded));
      }
      req.principal = {
        kind: 'staff',
        staffId: member.id,
        username: member.username,
        email: member.email,
        displayName: member.displayName,
        role: member.role,
        permissions,
        sessionId: live.sessionId,
      };
      done();
    }, done);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the call's principal hook; null on a public call (its handler gets ANONYMOUS). */
    principal: Principal | null;
  }
}
