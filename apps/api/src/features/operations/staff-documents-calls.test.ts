import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { SAMPLE, uploadDocument } from '../../test/documents';
import { createStaffSession } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { operationsCalls } from './operations-test-support';

/*
 * Staff document links (issue 48 item 4), through the HTTP calls: a link issued to one member, opened once,
 * each step audited with the member as its actor. Who may call them is in operations-calls.test.ts.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaffSession>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffSession(t.ctx, 'admin');
}, 60_000);
afterAll(() => t?.close());

const { post, auditRows } = operationsCalls(
  () => t,
  () => admin.cookie,
);

describe('StaffDocuments/Link and Download', () => {
  let customerId: number;
  let documentId: number;
  let agent: Awaited<ReturnType<typeof createStaffSession>>;
  let other: Awaited<ReturnType<typeof createStaffSession>>;

  beforeAll(async () => {
    const me = await createSession(t.ctx);
    customerId = me.customer.id;
    const up = await uploadDocument(t, me.authorization, { bytes: SAMPLE.pdf, fileName: 'payslip.pdf' });
    documentId = up.json().object.documentSourceID;
    agent = await createStaffSession(t.ctx, 'agent');
    other = await createStaffSession(t.ctx, 'underwriter');
  });

  const link = async (who = agent) => {
    const issued = await post('StaffDocuments/Link', { customerId, documentId }, who.cookie);
    expect(issued.error.errorID, issued.error.errorMessage).toBe(0);
    return issued.object.documentGuid as string;
  };
  const download = (guid: string, cookie: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/staff/StaffDocuments/Download?documentGuid=${guid}`,
      headers: { cookie },
    });

  it('serves the file once to the member it was issued to, and refuses it a second time', async () => {
    const guid = await link();
    const first = await download(guid, agent.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/pdf/);
    expect(first.headers['content-disposition']).toMatch(/^attachment/);
    expect(first.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    const second = await download(guid, agent.cookie);
    expect(second.json().error.errorID).toBe(ErrorId.notFound);
    const issued = (await auditRows('document-link-issued')).slice(-1)[0]!;
    expect(issued).toMatchObject({ actor: `staff:${agent.member.id}`, subject_id: String(customerId) });
    expect(JSON.parse(issued.details!)).toMatchObject({ address: expect.any(String), documentId });
    expect((await auditRows('document-downloaded')).slice(-1)[0]).toMatchObject({
      actor: `staff:${agent.member.id}`,
    });
  });

  it("refuses another member's link, no session and the customer's own download, and the link survives them", async () => {
    const guid = await link();
    expect((await download(guid, other.cookie)).json().error.errorID).toBe(ErrorId.notFound);
    expect((await download(guid, '')).statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/Document/DownloadDocument?documentGuid=${guid}`,
    });
    expect(asCustomer.headers['content-type']).toMatch(/^application\/json/);
    expect(asCustomer.json().error.errorID).not.toBe(0);
    // None of those used it up: its member still opens it, once.
    expect((await download(guid, agent.cookie)).statusCode).toBe(200);
  });

  it("refuses a customer's own link on the staff download, and a document of another customer", async () => {
    const owner = await createSession(t.ctx);
    const up = await uploadDocument(t, owner.authorization, { bytes: SAMPLE.pdf });
    const theirs = up.json().object.documentSourceID as number;
    const customerLink = await t.app.inject({
      method: 'GET',
      url: `/api/Document/GetDownloadLink?documentSourceID=${theirs}`,
      headers: { authorization: owner.authorization },
    });
    const customerGuid = customerLink.json().object.documentGuid as string;
    expect((await download(customerGuid, agent.cookie)).json().error.errorID).toBe(ErrorId.notFound);
    const wrong = await post('StaffDocuments/Link', { customerId, documentId: theirs }, agent.cookie);
    expect(wrong.error.errorID).toBe(ErrorId.notFound);
  });
});
