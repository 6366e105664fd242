import { formatPence } from '@lender/contract/money';
import type { AppContext } from '../../app-context';
import { issueLetterOfClaim, letterInProgress } from '../../entities/pre-claim/letters';

export type StaffOutcome = { ok: true; lines: string[] } | { ok: false; message: string };

const done = (...lines: string[]): StaffOutcome => ({ ok: true, lines });
const refused = (message: string): StaffOutcome => ({ ok: false, message });

/**
 * What staff do with accounts flagged legal (`npm run ops -- legal`, docs/decisions/029): flag one (the
 * Letter of Claim is issued with the flag) or unflag it, list the flagged accounts and where each
 * stands, show one, and close a letter once its reply has been dealt with (which ends the pause).
 * Login's isLegal reads the flag, so a change shows from the customer's next sign-in.
 */
export function legalStaff(ctx: AppContext) {
  const { db } = ctx;

  const applicationOf = (guid: string) =>
    db
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select([
        'applications.id',
        'applications.guid',
        'applications.customer_id',
        'customers.is_legal',
        'customers.first_name',
        'customers.last_name',
      ])
      .where('applications.guid', '=', guid)
      .executeTakeFirst();

  const lettersOf = (customerId: number) =>
    db
      .selectFrom('pre_claim_letters')
      .leftJoin('pre_claim_replies', 'pre_claim_replies.letter_id', 'pre_claim_letters.id')
      .select([
        'pre_claim_letters.id',
        'pre_claim_letters.application_id',
        'pre_claim_letters.issued_on',
        'pre_claim_letters.reply_by',
        'pre_claim_letters.amount_pence',
        'pre_claim_letters.state',
        'pre_claim_letters.closed_on',
        'pre_claim_letters.closed_reason',
        'pre_claim_replies.submitted_on',
        'pre_claim_replies.owes',
        'pre_claim_replies.part_amount_pence',
        'pre_claim_replies.wants_documents',
        'pre_claim_replies.proposes_instalments',
        'pre_claim_replies.instalment_pence',
        'pre_claim_replies.seeking_advice',
        'pre_claim_replies.no_claim_before',
        'pre_claim_replies.document_id',
        'pre_claim_replies.statement_document_id',
      ])
      .where('pre_claim_letters.customer_id', '=', customerId)
      .orderBy('pre_claim_letters.id')
      .execute();

  type Letter = Awaited<ReturnType<typeof lettersOf>>[number];
  const stateOf = (l: Letter) =>
    l.state === 'open'
      ? `waiting for a reply by ${l.reply_by}`
      : l.state === 'replied'
        ? `replied on ${l.submitted_on}: legal steps paused until staff close it; no claim before ${l.no_claim_before}`
        : `closed on ${l.closed_on} (${l.closed_reason})`;

  return {
    async flag(guid: string, on: boolean): Promise<StaffOutcome> {
      const app = await applicationOf(guid);
      if (!app) return refused(`There is no application ${guid}.`);
      if (!on) {
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('customers').set({ is_legal: 0 }).where('id', '=', app.customer_id).execute();
          await trx
            .updateTable('pre_claim_letters')
            .set({
              state: 'closed',
              closed_on: ctx.businessDate.today(),
              closed_reason: 'Flag removed by staff.',
            })
            .where('customer_id', '=', app.customer_id)
            .where('state', '<>', 'closed')
            .execute();
        });
        return done(`${guid}: the account is no longer flagged legal; any letter in progress is closed.`);
      }
      await db.updateTable('customers').set({ is_legal: 1 }).where('id', '=', app.customer_id).execute();
      const letter = await issueLetterOfClaim(ctx, app.id);
      return done(
        `${guid}: the account is flagged legal (Pre Claim shows from the customer's next sign-in).`,
        letter.issued
          ? `Letter of Claim issued for ${formatPence(letter.amountPence)}; reply by ${letter.replyBy}.`
          : `No new Letter of Claim: ${letter.reason}`,
      );
    },

    async list(): Promise<StaffOutcome> {
      const flagged = await db
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name'])
        .where('is_legal', '=', 1)
        .orderBy('id')
        .execute();
      const lines = [`${flagged.length} account(s) flagged legal.`];
      for (const c of flagged) {
        const letters = await lettersOf(c.id);
        const last = letters.at(-1);
        const guid = last
          ? (
              await db
                .selectFrom('applications')
                .select('guid')
                .where('id', '=', last.application_id)
                .executeTakeFirstOrThrow()
            ).guid
          : '(no letter)';
        lines.push(
          `${guid}  ${c.first_name} ${c.last_name}  ${last ? stateOf(last) : 'no Letter of Claim yet'}`,
        );
      }
      return done(...lines);
    },

    async show(guid: string): Promise<StaffOutcome> {
      const app = await applicationOf(guid);
      if (!app) return refused(`There is no application ${guid}.`);
      const letters = await lettersOf(app.customer_id);
      const lines = [
        `${guid}  ${app.first_name} ${app.last_name}  ${app.is_legal ? 'flagged legal' : 'not flagged legal'}`,
      ];
      if (letters.length === 0) lines.push('No Letter of Claim.');
      for (const l of letters) {
        lines.push(
          `Letter of Claim ${l.id} of ${l.issued_on} (agreement ${l.application_id}): ${formatPence(l.amount_pence)}; ${stateOf(l)}.`,
        );
        if (l.submitted_on) {
          lines.push(
            `  Reply: owes ${l.owes}${l.part_amount_pence ? ` (${formatPence(l.part_amount_pence)})` : ''}; ` +
              `documents wanted: ${l.wants_documents ? 'yes' : 'no'}; instalments offered: ${l.proposes_instalments ? formatPence(l.instalment_pence ?? 0) + ' a month' : 'no'}; ` +
              `getting debt advice: ${l.seeking_advice ? 'yes' : 'no'}.`,
            `  The reply is document ${l.document_id}${l.statement_document_id ? `, its Financial Statement document ${l.statement_document_id}` : ''}.`,
          );
        }
      }
      return done(...lines);
    },

    async close(guid: string, reason: string): Promise<StaffOutcome> {
      const app = await applicationOf(guid);
      if (!app) return refused(`There is no application ${guid}.`);
      const letter = await letterInProgress(db, app.customer_id);
      if (!letter) return refused(`${guid} has no Letter of Claim in progress.`);
      await db
        .updateTable('pre_claim_letters')
        .set({ state: 'closed', closed_on: ctx.businessDate.today(), closed_reason: reason })
        .where('id', '=', letter.id)
        .execute();
      return done(`${guid}: Letter of Claim ${letter.id} closed (${reason}).`);
    },
  };
}
