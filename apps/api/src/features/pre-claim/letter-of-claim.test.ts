import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { formatPence, penceToPounds } from '@lender/contract/money';
import { Refusal } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { messagesTo } from '../../test/account-holder';
import { deleteDocument, documentGet, download, SAMPLE, uploadDocument } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/test-app';
import { legalStaff, preClaimTestSupport, REPLY, textOf } from './pre-claim-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { getPreClaim, submitReply, flaggedByStaff } = preClaimTestSupport(() => t);

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
