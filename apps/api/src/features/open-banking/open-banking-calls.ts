import { ok, refuse } from '@lender/contract/envelope';
import type { ImplementedCall } from '../../plugins/calls';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { OpenBankingService } from './open-banking-service';

/**
 * OpenBanking/* (issue 49, not in the spec): the bank list, a connection started and completed, what it
 * found, and the customer's connections with the one that may be revoked. All need the customer's session.
 */
export const openBankingCalls = (ob: OpenBankingService): ImplementedCall[] => [
  implementCall('getBanks', async () => {
    const answer = await ob.banks();
    return answer.kind === 'banks' ? ok({ banks: answer.banks }) : refuse(answer.refusal);
  }),
  implementCall('startBankConnection', async ({ body, principal, reply }) => {
    const answer = await ob.start(principal.customerId, body.bankId, body.returnTo);
    if (answer.kind === 'invalid') {
      reply.code(400);
      return invalidFields(answer.fields);
    }
    return answer.kind === 'started' ? ok({ authoriseUrl: answer.authoriseUrl }) : refuse(answer.refusal);
  }),
  implementCall('completeBankConnection', async ({ body, principal, req }) => {
    const answer = await ob.complete(principal.customerId, body);
    if (answer.kind === 'refused') return refuse(answer.refusal);
    // The outcome only: nothing the bank showed is logged.
    req.log.info({ bankConnection: answer.result.outcome }, 'bank connection completed');
    return ok(answer.result);
  }),
  implementCall('getBankVerification', async ({ query, principal }) => {
    const answer = await ob.state(principal.customerId, query.for);
    return answer.kind === 'state' ? ok(answer.state) : refuse(answer.refusal);
  }),
  implementCall('getBankConnections', async ({ principal }) =>
    ok({ connections: await ob.connections(principal.customerId) }),
  ),
  implementCall('revokeBankConnection', async ({ body, principal }) => {
    const answer = await ob.revoke(principal.customerId, body.connectionGuid);
    return answer.kind === 'revoked' ? ok({ bankConfirmed: answer.bankConfirmed }) : refuse(answer.refusal);
  }),
];
