import type { PreClaimReply } from '@lender/contract/calls/pre-claim';
import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { ErrorId } from '@lender/contract/error-ids';
import { formatPence, penceToPounds } from '@lender/contract/money';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { messagesTo } from '../../test/account-holder';
import { deleteDocument, documentGet, download, SAMPLE, uploadDocument } from '../../test/documents';
import { createSession } from '../../test/factories';
import {
  activeLoan,
  defaultedPastRemedy,
  dueDates,
  loanInArrears,
  statusOf,
  travelTo,
} from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';

const textOf = async (bytes: Uint8Array) => (await drawnText(bytes)).flat().join(' ');
import { createTestApp, type TestApp } from '../../test/test-app';
import { OPS } from '../../entities/audit/actor';
import type { StaffResult } from '../../lib/staff-result';
import {
  legalFlaggedLines,
  legalListLines,
  legalShownLines,
  letterClosedLines,
} from '../../ops/legal-format';
import { legalStaff as staffOf } from './legal-staff';

/** The legal staff service as `npm run ops -- legal` runs it (actor ops), its answers as ops prints them. */
function legalStaff(ctx: TestApp['ctx']) {
  const staff = staffOf(ctx);
  const printed = <T>(r: StaffResult<T>, lines: (v: T) => string[]) =>
    r.ok ? { ok: true as const, lines: lines(r.value) } : r;
  return {
    flag: async (guid: string, on: boolean) => printed(await staff.flag(guid, on, OPS), legalFlaggedLines),
    list: async () => printed(await staff.list(), legalListLines),
    show: async (guid: string) => printed(await staff.show(guid), legalShownLines),
    close: async (guid: string, reason: string) =>
      printed(await staff.close(guid, reason, OPS), letterClosedLines),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getPreClaim = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/PreClaim/GetPreClaim', headers: { authorization } });
const submitReply = (authorization: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/PreClaim/SubmitReply', headers: { authorization }, payload });

const STATEMENT = {
  dependants: 1,
  income: { wages: 1450.5, partnerWages: 0, benefits: 120, pension: 0, otherIncome: 0 },
  outgoings: {
    rent: 600,
    utility: 120,
    food: 250,
    transport: 80,
    creditCommitment: 0,
    councilTax: 110,
    healthBeauty: 0,
    recreation: 0,
    restaurants: 0,
    education: 0,
    clothingFootwear: 20,
    householdGoods: 0,
    alcoholTobacco: 0,
    communicationEntertainment: 45,
    otherOutgoing: 0,
  },
};
const REPLY: PreClaimReply = {
  owes: 'all',
  wantsDocuments: true,
  documentsWanted: 'A copy of my agreement, please.',
  proposesInstalments: true,
  instalmentAmount: 25,
  seekingAdvice: true,
  adviserName: 'StepChange',
  financialStatement: STATEMENT,
};

/**
 * A customer whose loan defaulted after its default notice's remedy date, whom staff flag legal: the
 * Letter of Claim is issued with the flag.
 */
async function flaggedByStaff() {
  const loan = await defaultedPastRemedy(t);
  const outcome = await legalStaff(t.ctx).flag(loan.guid, true);
  if (!outcome.ok) throw new Error(outcome.message);
  return { ...loan, lines: outcome.lines };
}

describe('the legal flag gates the pre-claim calls', () => {
  it('an account not flagged gets neither the area nor a reply stored', async () => {
    const me = await createSession(t.ctx, { is_legal: 0 });
    expect((await getPreClaim(me.authorization)).json()).toEqual({
      error: Refusal.preClaimClosed,
      object: null,
    });
    expect((await submitReply(me.authorization, REPLY)).json()).toEqual({
      error: Refusal.preClaimClosed,
      object: null,
    });
    expect(
      await t.ctx.db
        .selectFrom('pre_claim_replies')
        .selectAll()
        .where('customer_id', '=', me.customer.id)
        .execute(),
    ).toEqual([]);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/PreClaim/GetPreClaim' })).statusCode).toBe(401);
  });
});

describe("the legal flag, only after a default notice's remedy date (s87(1), issue 46 item 1)", () => {
  /** Everything flagging may change: the flag, letters, the audit, the customer's messages. */
  const stateOf = async (loan: { applicationId: number; customerId: number; email: string }) => ({
    customer: await t.ctx.db
      .selectFrom('customers')
      .select('is_legal')
      .where('id', '=', loan.customerId)
      .executeTakeFirstOrThrow(),
    letters: await t.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .execute(),
    audit: await t.ctx.db.selectFrom('audit_events').select('id').execute(),
    documents: await t.ctx.db
      .selectFrom('documents')
      .select('id')
      .where('customer_id', '=', loan.customerId)
      .execute(),
    messages: (await messagesTo(t, loan.email)).length,
  });

  it('refuses a loan that is up to date: no flag, no Letter of Claim, nothing recorded', async () => {
    const loan = await activeLoan(t);
    const before = await stateOf(loan);
    const result = await staffOf(t.ctx).flag(loan.guid, true, OPS);
    expect(result).toEqual({
      ok: false,
      code: 'not-defaulted',
      message: `${loan.guid}: The loan is not in default: a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2)).`,
    });
    expect(await stateOf(loan)).toEqual(before);
    expect(before.customer.is_legal).toBe(0);
    expect(before.letters).toEqual([]);
  });

  it('refuses a loan whose default notice still gives time to remedy, and one never given a notice', async () => {
    const loan = await activeLoan(t);
    const today = t.ctx.businessDate.today();
    await t.ctx.db
      .updateTable('loans')
      .set({ default_notice_on: addDays(today, -14), remedy_by: today })
      .where('application_id', '=', loan.applicationId)
      .execute();
    const before = await stateOf(loan);
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toMatchObject({
      ok: false,
      code: 'not-defaulted',
    });
    // Defaulted on the books, but its remedy date is today: the customer may still pay today.
    await t.ctx.db
      .updateTable('loans')
      .set({ defaulted_on: today })
      .where('application_id', '=', loan.applicationId)
      .execute();
    await t.ctx.db
      .updateTable('applications')
      .set({ status_id: AppStatus.defaulted })
      .where('id', '=', loan.applicationId)
      .execute();
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toEqual({
      ok: false,
      code: 'remedy-date-not-passed',
      message: `${loan.guid}: The default notice of ${formatDisplayDate(addDays(today, -14))} gives until ${formatDisplayDate(today)} to remedy the breach: a Letter of Claim for the whole balance needs a default notice whose remedy date has passed (Consumer Credit Act 1974 s87(1), s88(2)).`,
    });
    await t.ctx.db
      .updateTable('loans')
      .set({ default_notice_on: null, remedy_by: null })
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(await staffOf(t.ctx).flag(loan.guid, true, OPS)).toMatchObject({
      ok: false,
      code: 'no-default-notice',
    });
    expect(await stateOf(loan)).toEqual(before);
  });
});

describe('the Letter of Claim', () => {
  let loan: Awaited<ReturnType<typeof flaggedByStaff>>;
  beforeAll(async () => {
    loan = await flaggedByStaff();
  });

  it('is issued when staff flag the account, dated by the business date, its figures from the ledger', async () => {
    const today = t.ctx.businessDate.today();
    const book = (await loanRepository(t.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;
    const owed = positionOf(book.terms, book.rows).totalDuePence;
    expect(loan.lines[1]).toBe(
      `Letter of Claim issued for ${formatPence(owed)}; reply by ${addDays(today, 30)}.`,
    );

    const area = (await getPreClaim(loan.authorization)).json().object;
    expect(area.letter).toMatchObject({
      issuedOn: today,
      replyBy: addDays(today, 30),
      amountOwed: penceToPounds(owed),
      // Only a defaulted loan is flagged (s87(1)), and a defaulted loan's interest is frozen.
      interestContinues: false,
      agreementNumber: loan.applicationId,
      amountBorrowed: penceToPounds(book.loan.principal_pence),
    });
    expect(area.letter.dailyInterest).toBe(0);
    // The statement of account ends at what the letter asks for.
    expect(area.statement.at(-1).balance).toBe(penceToPounds(owed));
    expect(area.reply).toBeNull();

    // The letter is a PDF in the customer's documents, which they cannot delete.
    const { res } = await download(t, area.letter.documentSourceID, loan.authorization);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Letter of Claim');
    expect(text).toContain(formatPence(owed));
    expect(text).toContain(formatDisplayDate(addDays(today, 30)));
    expect(text).toContain('Information Sheet');
    expect((await deleteDocument(t, area.letter.documentSourceID, loan.authorization)).json().error).toEqual(
      Refusal.documentNotDeletable,
    );

    // The customer is told, and Login (as the account details) reports the flag.
    const mail = (await messagesTo(t, loan.email)).at(-1)!;
    expect(mail.subject).toBe(`Letter of Claim: your Kestrel Loans loan ${loan.applicationId}`);
    expect(mail.text).toContain('/pre-claim');
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetAccountDetails',
      headers: { authorization: loan.authorization },
    });
    expect(details.json().object.isLegal).toBe(true);
  });

  it('is issued once: flagging again issues no second letter', async () => {
    const again = await legalStaff(t.ctx).flag(loan.guid, true);
    expect(again).toEqual({
      ok: true,
      lines: [
        expect.stringContaining('flagged legal'),
        'No new Letter of Claim: A Letter of Claim is already in progress on this account.',
      ],
    });
    const letters = await t.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(letters).toHaveLength(1);
  });

  it('refuses a reply whose answers need details it lacks', async () => {
    const res = await submitReply(loan.authorization, {
      ...REPLY,
      owes: 'part',
      partAmount: null,
      disputeReason: '',
      proposesInstalments: true,
      instalmentAmount: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      partAmount: Msg.replyPartAmount,
      disputeReason: Msg.replyDisputeReason,
      instalmentAmount: Msg.replyInstalment,
    });
  });

  it('takes the Reply Form and Financial Statement, each kept as a PDF document, and pauses the legal steps', async () => {
    const today = t.ctx.businessDate.today();
    const upload = await uploadDocument(
      t,
      loan.authorization,
      { bytes: SAMPLE.pdf, fileName: 'payslip.pdf' },
      1,
    );
    expect(upload.json().error.errorID).toBe(0);

    const res = await submitReply(loan.authorization, REPLY);
    expect(res.statusCode).toBe(200);
    // Getting debt advice: 30 more days from the reply.
    const noClaimBefore = addDays(today, 31);
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { documentSourceID: expect.any(Number), noClaimBefore },
    });

    const reply = await t.ctx.db
      .selectFrom('pre_claim_replies')
      .selectAll()
      .where('customer_id', '=', loan.customerId)
      .executeTakeFirstOrThrow();
    expect(reply).toMatchObject({
      owes: 'all',
      wants_documents: 1,
      proposes_instalments: 1,
      instalment_pence: 2500,
      seeking_advice: 1,
      no_claim_before: noClaimBefore,
      document_id: res.json().object.documentSourceID,
    });
    const letter = await t.ctx.db
      .selectFrom('pre_claim_letters')
      .select('state')
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(letter.state).toBe('replied');

    const list = (await documentGet(t, 'GetDocuments', '', loan.authorization)).json().object.documents;
    const replies = list.filter((d: { kind: string }) => d.kind === 'reply');
    expect(replies.map((d: { title: string }) => d.title).sort()).toEqual([
      'Financial Statement',
      'Reply Form',
    ]);
    for (const d of replies) expect(d.canDelete).toBe(false);

    const replyText = await textOf((await download(t, reply.document_id, loan.authorization)).res.rawPayload);
    expect(replyText).toContain('I agree I owe the amount.');
    expect(replyText).toContain('A copy of my agreement, please.');
    expect(replyText).toContain('Document sent: Payslip');
    const statementText = await textOf(
      (await download(t, reply.statement_document_id!, loan.authorization)).res.rawPayload,
    );
    expect(statementText).toContain('£1,450.50');
    expect(statementText).toContain('Total income');
    expect(statementText).toContain('£1,570.50');

    const area = (await getPreClaim(loan.authorization)).json().object;
    expect(area.reply).toEqual({
      submittedOn: today,
      documentSourceID: reply.document_id,
      seekingAdvice: true,
      noClaimBefore,
    });
  });

  it('takes one reply per letter', async () => {
    expect((await submitReply(loan.authorization, REPLY)).json()).toEqual({
      error: Refusal.replyAlreadySent,
      object: null,
    });
  });

  it('staff list, show and close it; unflagging closes the area', async () => {
    const staff = legalStaff(t.ctx);
    const list = await staff.list();
    expect(list.ok && list.lines.find((l) => l.startsWith(loan.guid))).toContain('legal steps paused');

    const shown = await staff.show(loan.guid);
    expect(shown.ok && shown.lines.join('\n')).toContain('getting debt advice: yes');
    // Who flagged it and who issued the letter (the command line), shown to staff.
    expect(shown.ok && shown.lines[1]).toMatch(/^Flag turned on by ops at \d{4}-/);
    expect(shown.ok && shown.lines[2]).toContain('issued by ops:');

    expect(await staff.close(loan.guid, 'Plan of £25 a month agreed.')).toEqual({
      ok: true,
      lines: [expect.stringContaining('closed (Plan of £25 a month agreed.)')],
    });
    const closed = await t.ctx.db
      .selectFrom('pre_claim_letters')
      .select(['issued_by', 'closed_by'])
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(closed).toEqual([{ issued_by: 'ops', closed_by: 'ops' }]);
    expect(await staff.close(loan.guid, 'again')).toEqual({
      ok: false,
      message: `${loan.guid} has no Letter of Claim in progress.`,
    });

    expect((await staff.flag(loan.guid, false)).ok).toBe(true);
    expect((await getPreClaim(loan.authorization)).json().error).toEqual(Refusal.preClaimClosed);
    const unknown = await staff.show('6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11');
    expect(unknown).toEqual({
      ok: false,
      message: 'There is no application 6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11.',
    });
  });
});

describe('the close of business', () => {
  let cob: TestApp;
  beforeAll(async () => {
    // The shortest notice and remedy periods the settings allow, and the flag a day after default.
    cob = await createTestApp({
      DEFAULT_NOTICE_AFTER_DAYS: '14',
      DEFAULT_REMEDY_DAYS: '14',
      LEGAL_AFTER_DAYS: '1',
    });
  });
  afterAll(() => cob.close());

  it('flags an account after default and issues its Letter of Claim once, interest frozen', async () => {
    const loan = await loanInArrears(cob);
    const [first] = await dueDates(cob, loan.applicationId);
    await travelTo(cob, addDays(first!, 33));
    expect(await statusOf(cob, loan.guid)).toBe(AppStatus.defaulted);
    const customer = await cob.ctx.db
      .selectFrom('customers')
      .select('is_legal')
      .where('id', '=', loan.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.is_legal).toBe(1);
    const letters = await cob.ctx.db
      .selectFrom('pre_claim_letters')
      .selectAll()
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(letters).toHaveLength(1);
    const book = (await loanRepository(cob.ctx.db).books([loan.applicationId])).get(loan.applicationId)!;
    expect(letters[0]).toMatchObject({
      issued_on: cob.ctx.businessDate.today(),
      amount_pence: positionOf(book.terms, book.rows).totalDuePence,
      interest_continues: 0,
      daily_interest_pence: 0,
      state: 'open',
      // The job that issued it, not a person.
      issued_by: 'system:close-of-business',
    });

    // Staff unflag it: the next days do not flag it again, nor write another letter.
    expect((await legalStaff(cob.ctx).flag(loan.guid, false)).ok).toBe(true);
    await travelTo(cob, addDays(first!, 36));
    expect(
      (
        await cob.ctx.db
          .selectFrom('customers')
          .select('is_legal')
          .where('id', '=', loan.customerId)
          .executeTakeFirstOrThrow()
      ).is_legal,
    ).toBe(0);
    expect(
      await cob.ctx.db
        .selectFrom('pre_claim_letters')
        .select('id')
        .where('application_id', '=', loan.applicationId)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('a flagged account with no letter yet', () => {
  it('sees the area without a letter, and cannot reply', async () => {
    const me = await createSession(t.ctx, { is_legal: 1 });
    const area = (await getPreClaim(me.authorization)).json();
    expect(area.error.errorID).toBe(0);
    expect(area.object).toEqual({ letter: null, statement: [], reply: null, applicationFigures: null });
    expect((await submitReply(me.authorization, REPLY)).json().error.errorID).toBe(ErrorId.noLetterToReply);
  });
});
