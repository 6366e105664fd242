import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PartnerLead, PartnerLeadAnswer } from '@lender/contract/calls/partner-lead';
import type { Envelope } from '@lender/contract/envelope-types';
import { createStage3Payload, createStage4Payload } from '../../apps/api/src/test/application-journey';
import { createLeadPayload } from '../../apps/api/src/test/partner-leads';
import { ops } from './ops';
import { rememberSecret } from './secrets';

/** The tier the browser tests' server prices at the provider rate (PROVIDER_TIERS in playwright.config.ts). */
export const PROVIDER_TIER = 'e2e-gold';

/**
 * A partner as staff add one (`npm run ops -- partner add`), with the key it printed once. The key is a
 * secret: the secrets-at-rest check makes sure no database row or log line holds it.
 */
export async function addPartner(tier: string = PROVIDER_TIER) {
  const name = `e2e-broker-${crypto.randomBytes(4).toString('hex')}`;
  const printed = await ops('partner', 'add', name, '--tier', tier);
  const key = /^key: ([A-Za-z0-9]{24,})$/m.exec(printed)?.[1];
  expect(key, `a key printed by partner add: ${printed}`).toBeDefined();
  rememberSecret('partner key', key!);
  return { name, key: key! };
}

/**
 * A lead as a partner's system posts it, with the stage 3 answers and the bank account (so the landing
 * goes straight to e-sign) unless overridden; answers the lead and our answer.
 */
export async function postPartnerLead(
  request: APIRequestContext,
  key: string,
  overrides: Partial<PartnerLead> = {},
) {
  const lead = createLeadPayload({
    stage3: createStage3Payload() as PartnerLead['stage3'],
    bankDetails: createStage4Payload(),
    ...overrides,
  });
  const response = await request.post('/api/partner/v1/leads', {
    headers: { authorization: `Bearer ${key}` },
    data: lead,
  });
  expect(response.status(), 'the lead API answers').toBe(200);
  const body = (await response.json()) as Envelope<PartnerLeadAnswer>;
  expect(body.error.errorID, body.error.errorMessage).toBe(0);
  return { lead, answer: body.object! };
}
