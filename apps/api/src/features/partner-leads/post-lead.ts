import { partnerLeadAnswerSchema, partnerLeadSchema } from '@lender/contract/calls/partner-lead';
import { EXPENSE_LIMITS, ProductId, SHORT_TERM_MONTHS, type ExpenseKey } from '@lender/contract/constants';
import { ok, Refusal } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import { invalidFields, refuseNulCharactersIn } from '../../plugins/calls';
import { dictionaryIdCheckFor } from '../../plugins/dictionary-ids';
import { keyedBodyRouteResponses } from '../../plugins/documented-responses';
import type { LeadApplication, LeadIntakeService } from './lead-intake-service';
import { requirePrincipal, type PrincipalSources } from '../../plugins/principal';

export const PARTNER_LEADS_PATH = '/api/partner/v1/leads';
export const PARTNER_LEADS_TAG = 'Partner leads';

type Lead = z.output<typeof partnerLeadSchema>;

const EXPENSE_KEYS = Object.keys(EXPENSE_LIMITS) as ExpenseKey[];

/** The one place the lead's payload names (stage 1's and stage 3's) become the server's, pounds pence. */
export function toLeadApplication(lead: Lead): LeadApplication {
  return {
    partnerLeadId: lead.partnerLeadId,
    customer: {
      email: lead.email,
      mobile: lead.mobile,
      titleId: lead.titleId,
      firstName: lead.firstName,
      lastName: lead.lastName,
      birthDate: lead.dob,
      // Consent to our own marketing is the applicant's to give us, not a partner's to pass on (PECR).
      newsFromUs: false,
      consentSource: 'partner-lead',
      address: toStoredAddress(lead),
    },
    terms: {
      amountPence: poundsToPence(lead.amount),
      period: lead.instalments,
      repaymentDate: lead.nextPayDate,
      wageFrequencyId: lead.frequencyCategory,
    },
    productId: lead.instalments === SHORT_TERM_MONTHS ? ProductId.shortTerm : ProductId.longTerm,
    isResident: lead.isResident,
    netMonthlyIncomePence: poundsToPence(lead.monthlynetPay),
    numDependents: lead.numDependents,
    stage3: lead.stage3
      ? {
          expenses: {
            totalPence: EXPENSE_KEYS.reduce((sum, k) => sum + poundsToPence(lead.stage3!.finData[k]), 0),
            creditCommitmentsPence: poundsToPence(lead.stage3.finData.creditCommitment),
          },
          // As parsed (trimmed, defaults filled): the landing submits these answers as stage 3 would.
          json: JSON.stringify(lead.stage3),
        }
      : null,
    bankAccount: lead.bankDetails
      ? { sortCode: lead.bankDetails.sortCode, accountNumber: lead.bankDetails.bankAccountNumber }
      : null,
  };
}

/** The partner a request's key belongs to, resolved by the principal hook before anything else is read. */
const partnerOf = (req: FastifyRequest) => {
  if (req.principal?.kind !== 'partner') throw new Error('A partner call ran without its partner');
  return req.principal.partner;
};

const ANSWERS: Record<string, string> = {
  200: 'The lead was decided (errorID 0): `object.decision` is `accepted`, with the `redirectUrl` to send the applicant to (their personalised page, open for 72 hours), or `declined` with no guid and `reason` `notEligible`, the same for every decline whatever our reason. Sending the same `partnerLeadId` again answers this same answer and creates nothing.',
  400: 'The lead was refused as sent (errorID 400), nothing stored: `object.fields` names each refused field (dotted path, e.g. `stage3.finData`) with its message, or `object` is null when the body is not JSON.',
  401: 'The `Authorization: Bearer <key>` header is missing, malformed, unknown or revoked (errorID 401), nothing stored.',
  429: 'This key sent more leads in the last minute than its limit (errorID 429), nothing stored: wait the seconds of the `Retry-After` header, then send it again.',
};

export type PartnerLeadRoute = {
  /** Where the principal hook finds the partner of a key (plugins/principal.ts), as every call does. */
  principals: PrincipalSources;
  intake: LeadIntakeService;
  /** Counts every request a valid key makes, whatever its body: a looping client is stopped either way. */
  perKey: RateLimiter;
  dictionaries: StoredDictionaries;
};

/**
 * POST /api/partner/v1/leads (issue 29): outside the spec's /api/{Controller}/{Action} calls, behind a
 * partner's key. The key is checked, then the key's rate, before the body is read or validated, so an
 * unknown caller learns nothing of our rules and a refused request stores nothing.
 */
export function registerPartnerLeads(
  app: FastifyInstance,
  { principals, intake, perKey, dictionaries }: PartnerLeadRoute,
) {
  const idCheck = dictionaryIdCheckFor(dictionaries, partnerLeadSchema);
  // The one mechanism of every call (issue 44): a missing, unknown or revoked key answers 401.
  const partnerKey = requirePrincipal('partner', principals)!;

  async function checkRate(req: FastifyRequest, reply: FastifyReply) {
    const rate = await perKey.hit(String(partnerOf(req).id));
    if (!rate.allowed) {
      return reply.send(tooManyRequests(reply, rate.retryAfterSeconds, Refusal.tooManyRequests));
    }
  }

  function checkIds(req: FastifyRequest, reply: FastifyReply, done: () => void) {
    const refused = idCheck?.(req.body) ?? {};
    if (Object.keys(refused).length === 0) return done();
    reply.code(400).send(invalidFields(refused));
  }

  app.route({
    method: 'POST',
    url: PARTNER_LEADS_PATH,
    schema: {
      tags: [PARTNER_LEADS_TAG],
      operationId: 'PartnerLeads_Create',
      summary: 'Send a lead',
      description:
        "A partner's applicant, under stage 1's names (and optionally stage 3's answers and the bank account), " +
        'decided at once: accepted leads get a personalised page to send the applicant to. Idempotent per `partnerLeadId`.',
      security: [{ partnerKey: [] }],
      body: partnerLeadSchema,
      response: keyedBodyRouteResponses(partnerLeadAnswerSchema),
      answerDescriptions: ANSWERS,
    },
    onRequest: [partnerKey, checkRate],
    preHandler: [refuseNulCharactersIn({ body: partnerLeadSchema }), checkIds],
    handler: async (req) => {
      const partner = partnerOf(req);
      const answer = await intake.intake(partner, toLeadApplication(req.body as Lead));
      // The decision and the partner's own reference only: never the applicant, the key or the account.
      req.log.info(
        { partner: partner.name, decision: answer.decision, reason: answer.reason },
        'partner lead',
      );
      return ok(answer);
    },
  });
}
