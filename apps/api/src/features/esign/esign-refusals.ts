import { refuse, Refusal } from '@lender/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { SecurityEvents } from '../../lib/security-events';
import type { NotOpen } from './esign-service';

/**
 * The answer of an e-sign call that could not open its application: 220 for an unknown guid (the spec's
 * e-sign error page), 224 for a guid without a signing link of its own, which security staff see as an
 * event (someone holding a guid but not the link); and, only to the holder of its link, 225 signed,
 * 226 declined after signing, 227 a link that expired unsigned (issue 31).
 */
export async function notOpen(outcome: NotOpen, security: SecurityEvents, req: FastifyRequest) {
  switch (outcome.kind) {
    case 'closed':
      return refuse(Refusal.esignClosed);
    case 'alreadySigned':
      return refuse(Refusal.esignAlreadySigned);
    case 'declined':
      return refuse(Refusal.esignDeclined);
    case 'linkExpired':
      return refuse(Refusal.signingLinkExpired);
    case 'noLink':
      await security.record({ type: 'esign-link-refused', ip: req.ip, detail: req.routeOptions.url ?? '' });
      return refuse(Refusal.signingLinkNeeded);
  }
}
