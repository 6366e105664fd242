import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export const isLoopback = (address: string | undefined) =>
  !!address && (/^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1');

/**
 * The development helpers (every e-mail, link and SMS code sent) are for the developer's own machine: a
 * caller from elsewhere gets the 404 of a path that does not exist. The socket's address, never
 * `request.ip`, which a trusted proxy's header may set.
 */
export function loopbackOnly(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (isLoopback(req.socket.remoteAddress)) return done();
  reply.code(404).send(refuse(Refusal.routeNotFound));
}
