import { call, type CallDef } from './call-spec';
import * as ob from './open-banking';

/** Not in the spec (issue 49): the applicant's bank read through Open Banking, with their consent. */
export const openBankingCalls = {
  getBanks: call({
    controller: 'OpenBanking',
    action: 'GetBanks',
    method: 'GET',
    auth: 'session',
    response: ob.banksSchema,
  }),
  startBankConnection: call({
    controller: 'OpenBanking',
    action: 'StartConnection',
    method: 'POST',
    auth: 'session',
    body: ob.startConnectionSchema,
    response: ob.authoriseSchema,
  }),
  completeBankConnection: call({
    controller: 'OpenBanking',
    action: 'CompleteConnection',
    method: 'POST',
    auth: 'session',
    body: ob.completeConnectionSchema,
    response: ob.connectionResultSchema,
  }),
  getBankVerification: call({
    controller: 'OpenBanking',
    action: 'GetVerification',
    method: 'GET',
    auth: 'session',
    query: ob.verificationQuerySchema,
    response: ob.verificationStateSchema,
  }),
  getBankConnections: call({
    controller: 'OpenBanking',
    action: 'GetConnections',
    method: 'GET',
    auth: 'session',
    response: ob.connectionsSchema,
  }),
  revokeBankConnection: call({
    controller: 'OpenBanking',
    action: 'RevokeConnection',
    method: 'POST',
    auth: 'session',
    body: ob.revokeConnectionSchema,
    response: ob.revokedSchema,
  }),
} as const satisfies Record<string, CallDef>;
