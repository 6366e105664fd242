import type { PartnerLead } from '@lender/contract/calls/partner-lead';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { partnerKeyHash } from '../entities/partner-leads/partner-credential';
import { newPartnerKey, partnerKeyHint } from '../features/partner-leads/partner-key';
import { partnerRepository } from '../entities/partner-leads/partner-repository';
import { PARTNER_LEADS_PATH } from '../features/partner-leads/post-lead';
import { createStage1Payload } from './stage1-payload';
import { createTestApp, type TestApp } from './test-app';

/** A partner with a live key, as `npm run ops -- partner add` makes one; `revoked` revokes it at once. */
export async function createPartner(
  ctx: Pick<AppContext, 'db'>,
  overrides: { name?: string; tierName?: string | null; revoked?: boolean } = {},
) {
  const name = overrides.name ?? `broker-${crypto.randomBytes(4).toString('hex')}`;
  const key = newPartnerKey();
  const partners = partnerRepository(ctx.db);
  const id = await partners.insert({
    name,
    tierName: overrides.tierName ?? null,
    keyHash: partnerKeyHash(key),
    keyHint: partnerKeyHint(key),
    createdBy: 'ops',
  });
  if (overrides.revoked) await partners.revoke(name, 'ops');
  return { id, name, key, authorization: `Bearer ${key}` };
}

/** A valid lead of someone the first screen accepts (stage 1's factory's applicant); override any field. */
export function createLeadPayload(overrides: Partial<PartnerLead> = {}): PartnerLead {
  const {
    productId: _productId,
    duration: _duration,
    newsFromUs: _news,
    confirmation: _confirmation,
    source: _source,
    campaign: _campaign,
    tierName: _tier,
    ...applicant
  } = createStage1Payload();
  return {
    ...applicant,
    partnerLeadId: `lead-${crypto.randomBytes(6).toString('hex')}`,
    amount: 300,
    instalments: 3,
    ...overrides,
  };
}

/** POST /api/partner/v1/leads as a partner's system sends it. */
export const postLead = (app: FastifyInstance, authorization: string | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: PARTNER_LEADS_PATH,
    headers: authorization === undefined ? {} : { authorization },
    payload,
  });

/** What a lead may create: counted before and after a refused request, which must change none of them. */
export const counts = async (t: TestApp) => {
  const count = async (table: 'customers' | 'applications' | 'partner_leads' | 'bank_accounts' | 'outbox') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    customers: await count('customers'),
    applications: await count('applications'),
    leads: await count('partner_leads'),
    bankAccounts: await count('bank_accounts'),
    outbox: await count('outbox'),
  };
};

export const applicationOf = (t: TestApp, guid: string) =>
  t.ctx.db.selectFrom('applications').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

export const leadRow = (t: TestApp, partnerId: number, partnerLeadId: string) =>
  t.ctx.db
    .selectFrom('partner_leads')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('partner_lead_id', '=', partnerLeadId)
    .executeTakeFirstOrThrow();

export type Partner = Awaited<ReturnType<typeof createPartner>>;

/** The lead tests' app (two configured provider tiers, gold and platinum) and a partner with a live key. */
export async function createPartnerLeadsApp() {
  const t = await createTestApp({ PROVIDER_TIERS: 'gold, platinum' });
  return { t, partner: await createPartner(t.ctx) };
}
