import crypto from 'node:crypto';
import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { stage3Schema } from '@lender/contract/calls/register-stages';
import { DAILY_RATE_PROVIDER, ProductId } from '@lender/contract/constants';
import type { IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { entityRepositories } from '../entities/unit-of-work';
import { nowIso, plusSeconds } from '../lib/clock';
import { createStage3Payload, createStage4Payload } from './application-journey';
import { smsCodeSentTo } from './esign-journey';
import { workingDayAhead } from './stage1-payload';
import type { TestApp } from './test-app';

export type LeadOverrides = {
  /** Pounds; 300 unless given. */
  amount?: number;
  /** Instalments as the partner asked; 6 unless given (the landing shows it clamped to 4). */
  period?: number;
  dailyRate?: number;
  netMonthlyIncomePence?: number;
  /** SubmitStage3's payload (before parsing); null: the partner sent none. */
  stage3?: Record<string, unknown> | null;
  /** Whether the partner sent bank details. */
  bank?: boolean;
  /** ISO UTC; 72 hours from now unless given. */
  expiresAt?: string;
  firstName?: string;
  statusId?: number;
  decision?: 'accepted' | 'declined';
};

/**
 * A partner's lead as the partner intake leaves an accepted one (issue 29): a customer without a
 * password, an application in leadAccepted at the partner tier's rate, its partner_leads row (72 hours to
 * land, stage 3's parsed payload or null) and, when the partner sent them, the bank details. Written
 * through the repositories, as the intake writes it.
 */
export async function createLead(t: TestApp, overrides: LeadOverrides = {}) {
  const repos = entityRepositories(t.ctx)(t.ctx.db);
  const n = crypto.randomBytes(4).toString('hex');
  const email = `lead.${n}@example.com`;
  const mobile = `07${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
  const customerId = await repos.customers.insert({
    email,
    mobile,
    titleId: 2,
    firstName: overrides.firstName ?? 'Jane',
    lastName: 'Doe',
    birthDate: '1990-05-01' as IsoDate,
    address: {
      postCode: 'SW1A 2AA',
      county: 'Greater London',
      town: 'London',
      street: 'Downing Street',
      building: '',
      houseNumber: '10',
      flatNo: '',
      addressStr: '10 Downing Street, London, SW1A 2AA',
    },
    newsFromUs: false,
  });
  const guid = crypto.randomUUID();
  const period = overrides.period ?? 6;
  const applicationId = await repos.applications.insert({
    guid,
    customerId,
    statusId: overrides.statusId ?? AppStatus.leadAccepted,
    productId: period === 1 ? ProductId.shortTerm : ProductId.longTerm,
    terms: {
      amountPence: (overrides.amount ?? 300) * 100,
      period,
      repaymentDate: workingDayAhead(10),
      wageFrequencyId: 9,
    },
    dailyRate: overrides.dailyRate ?? DAILY_RATE_PROVIDER,
    netMonthlyIncomePence: overrides.netMonthlyIncomePence ?? 220_000,
    numDependents: 1,
    source: 'partner',
    campaign: null,
    tierName: 'gold',
  });
  if (overrides.bank ?? true) {
    const bank = createStage4Payload();
    await repos.bankAccounts.insert({
      customerId,
      applicationId,
      sortCode: bank.sortCode,
      accountNumber: bank.bankAccountNumber,
    });
  }
  const partner = await t.ctx.db
    .insertInto('partners')
    .values({
      name: `partner-${n}`,
      tier_name: 'gold',
      key_hash: crypto.randomBytes(32).toString('hex'),
      key_hint: n.slice(-4),
      created_at: nowIso(),
      created_by: 'ops',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stage3 = overrides.stage3 === undefined ? createStage3Payload() : overrides.stage3;
  await t.ctx.db
    .insertInto('partner_leads')
    .values({
      partner_id: Number(partner.id),
      partner_lead_id: `ref-${n}`,
      decision: overrides.decision ?? 'accepted',
      reason: null,
      application_id: applicationId,
      stage3_json: stage3 === null ? null : JSON.stringify(stage3Schema.parse(stage3)),
      landing_expires_at: overrides.expiresAt ?? plusSeconds(72 * 3600),
      landed_at: null,
      landing_session_hash: null,
      submitted_at: null,
      created_at: nowIso(),
    })
    .execute();
  return { guid, customerId, applicationId, email, mobile };
}

/**
 * The applicant's proof on the landing page (issue 45): a code to the lead's mobile, read from the
 * outbox as the person reads the SMS, entered from the browser holding `cookie`.
 */
export async function proveLanding(t: TestApp, lead: { guid: string; mobile: string }, cookie: string) {
  const headers = { cookie: `${LANDING_COOKIE}=${cookie}` };
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/SendLandingCode',
    headers,
    payload: { guid: lead.guid, via: 'sms' },
  });
  if (sent.json().error.errorID !== 0) throw new Error(`no landing code sent: ${sent.body}`);
  const code = await smsCodeSentTo(t, lead.mobile);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/VerifyLandingCode',
    headers,
    payload: { guid: lead.guid, code },
  });
  if (verified.json().error.errorID !== 0) throw new Error(`landing code refused: ${verified.body}`);
}
