import { AppStatus } from '@lender/contract/status';
import { londonToday } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { esignGet, signerAt, linkOf } from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const application = () => t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();

describe('Register/GetEsign', () => {
  it('serves the three agreements with this application’s figures from the engine, and records their hash', async () => {
    const signer = await signerAt(t);
    const res = await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
    expect(res.json().error.errorID).toBe(0);
    const { contract1, contract2, contract3 } = res.json().object;

    const a = await application();
    const quote = buildQuote({
      amountPence: a.amount_pence,
      period: a.period,
      repaymentDate: a.repayment_date,
      wageFrequencyId: a.wage_frequency_id,
      dailyRate: a.daily_rate_ppm / 1_000_000,
      today: londonToday(),
    });
    for (const html of [contract1, contract2, contract3]) {
      expect(html).toContain(formatPence(quote.totalRepayablePence));
    }
    for (const line of quote.schedule) expect(contract3).toContain(formatPence(line.paymentPence));
    expect(contract3).toContain(signer.guid);

    const served = await t.ctx.db.selectFrom('esign_documents_served').selectAll().execute();
    expect(served).toHaveLength(1);
    expect(served[0]).toMatchObject({ application_id: a.id, priced_on: londonToday() });
    // Served again, the same documents are one record.
    await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer));
    expect(await t.ctx.db.selectFrom('esign_documents_served').selectAll().execute()).toHaveLength(1);
  });

  it('shows the account the loan is paid into, masked, in the loan agreement (issue 45)', async () => {
    const signer = await signerAt(t);
    const { contract3, payoutAccount } = (
      await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))
    ).json().object;
    // Outside the agreement too, for the page's own panel.
    expect(payoutAccount).toEqual({ sortCode: '12-34-56', accountNumber: '****6819' });
    // Stage 4 gave sort code 12-34-56 and account 31926819: the agreement shows only its last 4 digits.
    expect(contract3).toContain('The account we pay the loan into');
    expect(contract3).toContain('12-34-56');
    expect(contract3).toContain('****6819');
    expect(contract3).not.toContain('31926819');
    expect(contract3).toContain('If this is not your bank account, do not sign');
  });

  it('escapes a customer named <script>alert(1)</script> in all three documents', async () => {
    const name = '<script>alert(1)</script>';
    // The stage1 schema refuses markup in names, so the name is given to the stored customer directly.
    const signer = await signerAt(t);
    await t.ctx.db
      .updateTable('customers')
      .set({ first_name: name, last_name: '"><img src=x onerror=alert(1)>' })
      .execute();
    const { object } = (await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).json();
    for (const html of [object.contract1, object.contract2, object.contract3] as string[]) {
      expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
    }
    expect(object.contract3).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers errorID 220 for an unknown guid', async () => {
    const unknown = await esignGet(t, 'GetEsign', { guid: '6f1c2b1e-0000-4000-8000-000000000000' });
    expect(unknown.json().error.errorID).toBe(ErrorId.esignClosed);
    expect(unknown.json().object).toBeNull();
  });

  it('tells the holder of the link, and only them, what became of an application no longer waiting (issue 31)', async () => {
    const signer = await signerAt(t);
    const setStatus = (statusId: number) =>
      t.ctx.db
        .updateTable('applications')
        .set({ status_id: statusId })
        .where('guid', '=', signer.guid)
        .execute();
    const cases = [
      [AppStatus.undewriting, ErrorId.esignAlreadySigned],
      [AppStatus.undewritingReview, ErrorId.esignAlreadySigned],
      [AppStatus.active, ErrorId.esignAlreadySigned],
      [AppStatus.leadDeclined, ErrorId.esignDeclined],
      // Not a status a signing link outlives into: the spec's e-sign error page.
      [AppStatus.cardDeclined, ErrorId.esignClosed],
    ] as const;
    for (const [statusId, errorID] of cases) {
      await setStatus(statusId);
      const answer = (await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).json();
      expect(answer, `status ${statusId}`).toEqual({
        error: { errorID, errorMessage: expect.any(String) },
        object: null,
      });
      // The guid alone learns nothing of it: the same answer whatever the status.
      const guessed = await esignGet(t, 'GetEsign', { guid: signer.guid }, { 'x-signing-token': '' });
      expect(guessed.json().error.errorID).toBe(ErrorId.signingLinkNeeded);
    }
    expect(await t.ctx.db.selectFrom('esign_documents_served').selectAll().execute()).toEqual([]);
  });

  it('refuses a guid that is not one', async () => {
    const res = await esignGet(t, 'GetEsign', { guid: '../../etc' });
    expect(res.statusCode).toBe(400);
  });
});
