import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { SecurityEvents } from '../../lib/security-events';

/**
 * The answer of an e-sign call that could not open its application: 220 for an unknown guid or one no
 * longer waiting for a signature (the spec's e-sign error page), 224 for a guid without a live signing
 * link, which security staff see as an event (someone holding a guid but not the link).
 */
export function notOpen(
  outcome: { kind: 'closed' } | { kind: 'noLink' },
  security: SecurityEvents,
  req: FastifyRequest,
) {
  if (outcome.kind === 'closed') return refuse(Refusal.esignClosed);
  void security.record({ type: 'esign-link-refused', ip: req.ip, detail: req.routeOptions.url ?? '' });
  return refuse(Refusal.signingLinkNeeded);
}
