import type { AppContext } from '../../app-context';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { noClaimBefore } from '../../entities/pre-claim/claim-dates';
import { letterInProgress } from '../../entities/pre-claim/letters';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

export type DocumentsSent = { guid: string; sentOn: string; noClaimBefore: string; by: Actor };

/**
 * Staff record that they sent the documents a Reply Form asked for (`npm run ops -- legal <appGuid>
 * documents-sent`): the customer's 30 days before any claim count from that day (Pre-Action Protocol for
 * Debt Claims; docs/decisions/054-arrears-notices-default-sums-and-the-claim-pack.md), so the reply's no-claim day moves to the
 * day after them. Dated by the business date; recorded once (a second call changes nothing).
 */
export async function recordDocumentsSent(
  ctx: AppContext,
  guid: string,
  actor: Actor,
): Promise<StaffResult<DocumentsSent>> {
  const { db } = ctx;
  const app = await db
    .selectFrom('applications')
    .select(['id', 'customer_id'])
    .where('guid', '=', guid)
    .executeTakeFirst();
  if (!app) return refused(`There is no application ${guid}.`);
  const letter = await letterInProgress(db, app.customer_id);
  if (!letter) return refused(`${guid} has no Letter of Claim in progress.`);
  const reply = await db
    .selectFrom('pre_claim_replies')
    .selectAll()
    .where('letter_id', '=', letter.id)
    .executeTakeFirst();
  if (!reply) return refused(`The Letter of Claim of ${guid} has no reply yet.`);
  if (!reply.wants_documents)
    return refused(`The reply to ${guid}'s Letter of Claim asked for no documents.`);
  if (reply.documents_sent_on) {
    return done({ guid, sentOn: reply.documents_sent_on, noClaimBefore: reply.no_claim_before, by: actor });
  }
  const sentOn = ctx.businessDate.today();
  const day = noClaimBefore({
    replyBy: letter.reply_by,
    repliedOn: reply.submitted_on,
    seekingAdvice: reply.seeking_advice === 1,
    wantsDocuments: true,
    documentsSentOn: sentOn,
  });
  // Never earlier than the day already given to the customer.
  const noClaim = day > reply.no_claim_before ? day : reply.no_claim_before;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('pre_claim_replies')
      .set({ documents_sent_on: sentOn, no_claim_before: noClaim })
      .where('id', '=', reply.id)
      .where('documents_sent_on', 'is', null)
      .execute();
    await auditRepository(trx).record({
      actor,
      action: 'pre-claim-documents-sent',
      subject: { type: 'application', id: guid },
      details: { sentOn, noClaimBefore: noClaim },
    });
  });
  return done({ guid, sentOn, noClaimBefore: noClaim, by: actor });
}
