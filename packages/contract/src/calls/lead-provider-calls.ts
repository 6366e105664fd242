import * as lead from './lead-provider';
import { guidQuerySchema } from './register-verification';
import { call, empty, type CallDef } from './call-spec';

/** The LeadProvider controller's calls, in the order of the call table (`api-calls.ts`). */
export const leadProviderCalls = {
  leadLanded: call({
    controller: 'LeadProvider',
    action: 'LeadLanded',
    method: 'GET',
    auth: 'public',
    landingCookie: 'sets',
    query: guidQuerySchema,
    response: lead.leadLandedSchema,
  }),
  leadGetQuote: call({
    controller: 'LeadProvider',
    action: 'GetQuote',
    method: 'GET',
    auth: 'public',
    query: lead.leadQuoteQuerySchema,
    response: lead.leadQuoteSchema,
  }),
  submitLandedLead: call({
    controller: 'LeadProvider',
    action: 'SubmitLandedLead',
    method: 'POST',
    auth: 'public',
    landingCookie: 'requires',
    skipDefaultErrorHandling: true,
    body: lead.submitLandedLeadSchema,
    response: lead.submitLandedLeadResultSchema,
  }),
  leadLandedEvent: call({
    controller: 'LeadProvider',
    action: 'LeadLandedEvent',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: lead.leadEventSchema,
    response: empty,
  }),
  reportError: call({
    controller: 'LeadProvider',
    action: 'Error',
    method: 'POST',
    auth: 'public',
    rateLimited: true,
    skipDefaultErrorHandling: true,
    body: lead.clientErrorSchema,
    response: empty,
  }),
} as const satisfies Record<string, CallDef>;
