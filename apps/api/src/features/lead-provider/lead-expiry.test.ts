import { LeadDeclineReason, type PartnerLeadAnswer } from '@lender/contract/calls/partner-lead';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead } from '../../test/lead';
import { createLeadPayload, createPartner, postLead } from '../../test/partner-leads';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expireLapsedLeads } from './lead-expiry';

let t: TestApp;
let partner: Awaited<ReturnType<typeof createPartner>>;
beforeAll(async () => {
  t = await createTestApp();
  partner = await createPartner(t.ctx);
});
afterAll(() => t?.close());

const post = async (overrides: Parameters<typeof createLeadPayload>[0] = {}) =>
  (await postLead(t.app, partner.authorization, createLeadPayload(overrides))).json<{
    object: PartnerLeadAnswer;
  }>().object;

const statusOf = async (applicationId: number) =>
  (
    await t.ctx.db
      .selectFrom('applications')
      .select('status_id')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow()
  ).status_id;

/** The reason we keep for the newest lead (the partner is told only that it was declined). */
const lastLeadReason = async () =>
  (
    await t.ctx.db
      .selectFrom('partner_leads')
      .select('reason')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).reason;

/** Moves a lead's landing deadline into the past, as 72 hours passing would. */
const lapse = (applicationId: number) =>
  t.ctx.db
    .updateTable('partner_leads')
    .set({ landing_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('application_id', '=', applicationId)
    .execute();

describe('lapsed landing links', () => {
  it('end the lead, so the person is no longer held as in progress and may apply again', async () => {
    const lead = createLeadPayload();
    const first = await post(lead);
    const { id: applicationId } = await t.ctx.db
      .selectFrom('applications')
      .select('id')
      .where('guid', '=', first.appGuid!)
      .executeTakeFirstOrThrow();
    // The same person through the partner again (a new reference, a new number, the same e-mail).
    const sameEmail = { email: lead.email };

    // While the link lives the lead is an application in progress.
    await expireLapsedLeads(t.ctx);
    expect(await statusOf(applicationId)).toBe(AppStatus.leadAccepted);
    expect(await post(sameEmail)).toMatchObject({ decision: 'declined' });
    expect(await lastLeadReason()).toBe(LeadDeclineReason.applicationInProgress);

    await lapse(applicationId);
    expect(await expireLapsedLeads(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(applicationId)).toBe(AppStatus.leadDeclined);
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .select(['kind', 'reason'])
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({
      kind: 'lead-expired',
      reason: 'landing link lapsed (72 hours) before a submit',
    });
    // An ended application: the person is a customer who may apply again (and is told to sign in).
    expect(await post(sameEmail)).toMatchObject({ decision: 'declined' });
    expect(await lastLeadReason()).toBe(LeadDeclineReason.existingCustomer);
    // Ending it twice changes nothing.
    expect(await expireLapsedLeads(t.ctx)).toBe(0);
  });

  it('end a landed lead that was never submitted, and leave a submitted one and a live one alone', async () => {
    const landed = await createLead(t, { statusId: AppStatus.leadLandedCardDeclined });
    await lapse(landed.applicationId);
    const submitted = await createLead(t, { statusId: AppStatus.leadLanded });
    await lapse(submitted.applicationId);
    await t.ctx.db
      .updateTable('partner_leads')
      .set({ submitted_at: new Date().toISOString() })
      .where('application_id', '=', submitted.applicationId)
      .execute();
    const live = await createLead(t);

    await expireLapsedLeads(t.ctx);
    expect(await statusOf(landed.applicationId)).toBe(AppStatus.leadDeclined);
    expect(await statusOf(submitted.applicationId)).toBe(AppStatus.leadLanded);
    expect(await statusOf(live.applicationId)).toBe(AppStatus.leadAccepted);
  });
});
