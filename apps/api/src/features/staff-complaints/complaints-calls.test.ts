import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type Customer } from '../../test/factories';
import { drawnText } from '../../test/pdf-drawn-text';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { documentStoreFor } from '../../lib/document-store';
import { COMMANDS } from '../../ops/commands';
import { clockOf, deadlineOf, summaryBy } from './complaint-clock';
import { FOS_REFERRAL_WORDING, OMBUDSMAN_CONTACT } from './complaint-letters';
import { complaintCalls, resolution, TODAY, URL_OF, type Complaint } from './staff-complaints-test-support';

let t: TestApp;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.businessDate.set(TODAY);
  customer = await createCustomer(t.ctx.db, { first_name: 'Priya', last_name: 'Shah' });
}, 120_000);
afterAll(() => t?.close());

const { get, post } = staffInject(() => t);
const { emailsTo, logComplaint } = complaintCalls(
  () => t,
  () => customer,
);

describe('the complaint clock', () => {
  it('counts 3 business days after receipt past weekends and bank holidays, and 8 calendar weeks', () => {
    // Thursday 24 December 2026: Christmas Friday and the Boxing Day holiday on Monday 28th are not counted.
    expect(summaryBy('2026-12-24')).toBe('2026-12-31');
    // Thursday before Easter 2026: Good Friday and Easter Monday are not counted.
    expect(summaryBy('2026-04-02')).toBe('2026-04-09');
    // A Monday: Tuesday, Wednesday, Thursday.
    expect(summaryBy('2026-11-23')).toBe('2026-11-26');
    // Received on a Saturday: the following Monday is the first business day.
    expect(summaryBy('2026-11-28')).toBe('2026-12-02');
    expect(deadlineOf('2030-12-24')).toBe('2031-02-18');
    expect(clockOf('2031-01-07', null, TODAY)).toBe('dueSoon');
    expect(clockOf('2031-01-08', null, TODAY)).toBe('open');
    expect(clockOf('2030-12-30', null, TODAY)).toBe('overdue');
    expect(clockOf('2030-12-30', '2030-12-29', TODAY)).toBe('closed');
  });
});

describe('logging a complaint', () => {
  it('keeps it with its deadlines, e-mails one acknowledgement with the reference and deadline, and audits it', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const who = await createCustomer(t.ctx.db);
    const logged = await logComplaint(agent.cookie, '2030-12-24', who, { channel: 'webChat' });
    expect(logged).toMatchObject({
      receivedOn: '2030-12-24',
      summaryBy: '2030-12-31',
      deadlineOn: '2031-02-18',
      clock: 'open',
      closedOn: null,
    });
    expect(logged.reference).toMatch(/^CMP-\d{6}$/);
    const mails = await emailsTo(who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(logged.reference);
    expect(mails[0]!.text).toContain('18-02-2031');
    expect(mails[0]!.text).toContain('What happens next');
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'complaint-logged')
      .where('subject_id', '=', String(who.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(`staff:${agent.member.id}`);

    // Closing it sends its own letter, never the acknowledgement again.
    const handler = await createStaffSession(t.ctx, 'complaints');
    const closed = await post(URL_OF.resolve, handler.cookie, resolution(logged.complaintId, 'summary'));
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await emailsTo(who.email);
    expect(after).toHaveLength(2);
    expect(after.filter((m) => m.subject!.startsWith('We have received'))).toHaveLength(1);
  });

  it('refuses a received date in the future, an unknown customer and a loan not theirs, keeping nothing', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const who = await createCustomer(t.ctx.db);
    const base = { customerId: who.id, channel: 'email', category: 'other', summary: 'Unhappy.' };
    const future = await post(URL_OF.log, agent.cookie, { ...base, receivedOn: '2031-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.errorMessage).toBe(Msg.complaintReceivedFuture);
    const unknown = await post(URL_OF.log, agent.cookie, {
      ...base,
      customerId: 99_999_999,
      receivedOn: TODAY,
    });
    expect(unknown.json().error.errorID).toBe(ErrorId.notFound);
    const notTheirs = await post(URL_OF.log, agent.cookie, {
      ...base,
      loanId: 99_999_999,
      receivedOn: TODAY,
    });
    expect(notTheirs.json().error.errorID).toBe(ErrorId.notFound);
    const badChannel = await post(URL_OF.log, agent.cookie, {
      ...base,
      channel: 'pigeon',
      receivedOn: TODAY,
    });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().error.errorMessage).toBe(Msg.complaintChannel);
    const kept = await t.ctx.db
      .selectFrom('complaints')
      .select('id')
      .where('customer_id', '=', who.id)
      .execute();
    expect(kept).toHaveLength(0);
    expect(await emailsTo(who.email)).toHaveLength(0);
  });
});

describe('resolving a complaint', () => {
  it('sends a summary resolution communication within 3 business days, with the FOS wording, and closes it once', async () => {
    const handler = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db);
    // Received Tuesday 24 December 2030: Friday 27th, Monday 30th and today, Tuesday 31st, are the three.
    const logged = await logComplaint(handler.cookie, '2030-12-24', who);
    const res = await post(URL_OF.resolve, handler.cookie, resolution(logged.complaintId, 'summary'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().object).toMatchObject({
      closedOn: TODAY,
      outcome: 'upheld',
      response: 'summary',
      redressPence: 1500,
      documentId: null,
      clock: 'closed',
    });
    const mails = await emailsTo(who.email);
    const src = mails.at(-1)!;
    expect(src.subject).toContain('is resolved');
    expect(src.text).toContain('we now consider your complaint resolved');
    for (const words of FOS_REFERRAL_WORDING) expect(src.text).toContain(words);
    expect(src.text).toContain(OMBUDSMAN_CONTACT.website);

    const again = await post(URL_OF.resolve, handler.cookie, resolution(logged.complaintId, 'final'));
    expect(again.json().error.errorID, again.body).toBe(ErrorId.conflict);
    expect(again.json().error.errorMessage).toBe(Msg.complaintClosed);
    expect(await emailsTo(who.email)).toHaveLength(mails.length);
  });

  it('refuses a summary resolution after the third business day and changes nothing', async () => {
    const handler = await createStaffSession(t.ctx, 'team-lead');
    const logger = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db);
    // Received Friday 20 December 2030: Monday 23rd, Tuesday 24th and Friday 27th (after two bank holidays).
    const logged = await logComplaint(logger.cookie, '2030-12-20', who);
    expect(logged.summaryBy).toBe('2030-12-27');
    const res = await post(URL_OF.resolve, handler.cookie, resolution(logged.complaintId, 'summary'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errorMessage).toBe(Msg.complaintSummaryTooLate);
    const row = await t.ctx.db
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', logged.complaintId)
      .executeTakeFirstOrThrow();
    expect(row.closed_on).toBeNull();
    expect(row.outcome).toBeNull();
    expect(await emailsTo(who.email)).toHaveLength(1);
  });

  it('keeps a final response letter as a PDF document of the customer, with the FOS wording, and e-mails it', async () => {
    const handler = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db, { first_name: 'Sam', last_name: 'Okafor' });
    const logged = await logComplaint(handler.cookie, '2030-11-20', who);
    const res = await post(
      URL_OF.resolve,
      handler.cookie,
      resolution(logged.complaintId, 'final', { outcome: 'notUpheld', redressPence: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json().object as Complaint;
    expect(closed.response).toBe('final');
    expect(closed.documentId).not.toBeNull();
    const doc = await t.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', closed.documentId!)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ customer_id: who.id, kind: 'letter', content_type: 'application/pdf' });
    const bytes = await documentStoreFor(t.ctx.config).get(doc.storage_key!);
    const text = (await drawnText(bytes)).flat().join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('We do not uphold your complaint.');
    expect(text).toContain(logged.reference);
    for (const words of FOS_REFERRAL_WORDING) expect(text).toContain(words);
    expect(text).toContain(OMBUDSMAN_CONTACT.address);
    expect(text).toContain(OMBUDSMAN_CONTACT.phone);
    expect(text).toContain(OMBUDSMAN_CONTACT.website);
    const download = await get(`${URL_OF.letter}?complaintId=${closed.complaintId}`, handler.cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);
    const mail = (await emailsTo(who.email)).at(-1)!;
    expect(mail.subject).toContain('final response');
    for (const words of FOS_REFERRAL_WORDING) expect(mail.text).toContain(words);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', 'in', ['complaint-resolved', 'complaint-letter-downloaded'])
      .where('subject_id', '=', String(who.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['complaint-resolved', 'complaint-letter-downloaded']);
    const details = JSON.parse(audit[0]!.details!);
    expect(details.before.closedOn).toBeNull();
    expect(details.after.closedOn).toBe(TODAY);
  });
});

describe('the 8-week holding response', () => {
  it('e-mails why, when, and that the customer may now go to the Ombudsman; refused once closed', async () => {
    const handler = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db);
    const logged = await logComplaint(handler.cookie, '2030-11-01', who);
    const past = await post(URL_OF.holding, handler.cookie, {
      complaintId: logged.complaintId,
      why: 'We are waiting for our card provider.',
      expectedBy: '2030-12-30',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.errorMessage).toBe(Msg.complaintExpectedBy);
    const res = await post(URL_OF.holding, handler.cookie, {
      complaintId: logged.complaintId,
      why: 'We are waiting for our card provider.',
      expectedBy: '2031-01-15',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().object).toMatchObject({ holdingSentOn: TODAY, closedOn: null, clock: 'overdue' });
    const mail = (await emailsTo(who.email)).at(-1)!;
    expect(mail.subject).toContain('we need more time');
    expect(mail.text).toContain('15-01-2031');
    expect(mail.text).toContain('you may now refer your complaint to the Financial Ombudsman Service');
    expect(mail.text).toContain(OMBUDSMAN_CONTACT.website);
    await post(URL_OF.resolve, handler.cookie, resolution(logged.complaintId, 'final'));
    const closed = await post(URL_OF.holding, handler.cookie, {
      complaintId: logged.complaintId,
      why: 'Late.',
      expectedBy: '2031-01-15',
    });
    expect(closed.json().error.errorID).toBe(ErrorId.conflict);
  });
});

describe('the register and the return', () => {
  it('lists open complaints soonest deadline first, flagging due soon and overdue, and audits the view', async () => {
    const handler = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db);
    const overdue = await logComplaint(handler.cookie, '2030-11-01', who); // deadline 27 December
    const dueSoon = await logComplaint(handler.cookie, '2030-11-10', who); // deadline 5 January
    const res = await get(URL_OF.list, handler.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { businessDate, complaints } = res.json().object as {
      businessDate: string;
      complaints: Complaint[];
    };
    expect(businessDate).toBe(TODAY);
    expect(complaints.every((c) => c.closedOn === null)).toBe(true);
    const deadlines = complaints.map((c) => c.deadlineOn);
    expect(deadlines).toEqual([...deadlines].sort());
    expect(complaints.find((c) => c.complaintId === overdue.complaintId)!.clock).toBe('overdue');
    expect(complaints.find((c) => c.complaintId === dueSoon.complaintId)!.clock).toBe('dueSoon');
    const ofCustomer = await get(`${URL_OF.list}?customerId=${who.id}`, handler.cookie);
    expect((ofCustomer.json().object.complaints as Complaint[]).map((c) => c.complaintId)).toEqual([
      dueSoon.complaintId,
      overdue.complaintId,
    ]);
    const viewed = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'complaints-viewed')
      .where('actor', '=', `staff:${handler.member.id}`)
      .execute();
    expect(viewed).toHaveLength(2);
  });

  it("counts a period's complaints as the return asks", async () => {
    // A period of its own: only these complaints were received in it.
    const handler = await createStaffSession(t.ctx, 'complaints');
    const who = await createCustomer(t.ctx.db);
    const a = await logComplaint(handler.cookie, '2030-12-27', who, { category: 'arrears' });
    const b = await logComplaint(handler.cookie, '2030-12-30', who, { category: 'arrears' });
    await logComplaint(handler.cookie, '2030-12-30', who, { category: 'dataProtection' });
    const before = await get(`${URL_OF.report}?from=2030-12-27&to=2030-12-31`, handler.cookie);
    const start = before.json().object;
    await post(URL_OF.resolve, handler.cookie, resolution(a.complaintId, 'summary'));
    await post(URL_OF.resolve, handler.cookie, resolution(b.complaintId, 'final', { outcome: 'notUpheld' }));
    const res = await get(`${URL_OF.report}?from=2030-12-27&to=2030-12-31`, handler.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().object;
    expect(r.opened).toBe(start.opened);
    expect(r.closed).toBe(start.closed + 2);
    expect(r.closedWithin3BusinessDays).toBe(start.closedWithin3BusinessDays + 2);
    expect(r.closedWithin8Weeks).toBe(start.closedWithin8Weeks);
    const arrears = r.byCategory.find((c: { category: string }) => c.category === 'arrears');
    expect(arrears).toEqual({ category: 'arrears', opened: 2, closed: 2, upheld: 1 });
    expect(r.openAtEnd).toBe(start.openAtEnd - 2);

    // The whole half year: every complaint of this file.
    const half = (await get(`${URL_OF.report}?from=2030-07-01&to=2030-12-31`, handler.cookie)).json().object;
    const rows = await t.ctx.db.selectFrom('complaints').selectAll().execute();
    const closed = rows.filter((x) => x.closed_on !== null);
    expect(half.opened).toBe(rows.length);
    expect(half.closed).toBe(closed.length);
    const upheld = closed.filter((x) => x.outcome !== 'notUpheld').length;
    expect(half.upheldPercent).toBe(Math.round((upheld * 100) / closed.length));
    expect(half.closedWithin3BusinessDays + half.closedWithin8Weeks + half.closedAfter8Weeks).toBe(
      closed.length,
    );
    // The final response of 20 November's complaint closed after 3 business days, within 8 weeks.
    expect(half.closedWithin8Weeks).toBeGreaterThanOrEqual(1);

    const wrongWay = await get(`${URL_OF.report}?from=2030-12-31&to=2030-07-01`, handler.cookie);
    expect(wrongWay.statusCode).toBe(400);
  });
});

describe('ops complaints report', () => {
  it('prints the same counts as the console, recorded as actor ops, and refuses a period out of order', async () => {
    const handler = await createStaffSession(t.ctx, 'compliance');
    const api = (await get(`${URL_OF.report}?from=2030-07-01&to=2030-12-31`, handler.cookie)).json().object;
    const lines: string[] = [];
    const out = { line: (text: string) => lines.push(text), table: () => {} };
    await COMMANDS.complaints!.run(t.ctx, ['report', '--from', '2030-07-01', '--to', '2030-12-31'], out);
    expect(lines[0]).toBe('Complaints from 2030-07-01 to 2030-12-31:');
    expect(lines).toContain(`  Opened: ${api.opened}`);
    expect(lines).toContain(`  Closed within 3 business days: ${api.closedWithin3BusinessDays}`);
    expect(lines).toContain(`  Closed after 8 weeks: ${api.closedAfter8Weeks}`);
    expect(lines.some((l) => l.startsWith('  Arrears handling: '))).toBe(true);
    const byOps = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'complaints-report-opened')
      .where('actor', '=', 'ops')
      .execute();
    expect(byOps).toHaveLength(1);
    await expect(
      COMMANDS.complaints!.run(t.ctx, ['report', '--from', '2030-12-31', '--to', '2030-07-01'], out),
    ).rejects.toThrow('in order');
  });
});
