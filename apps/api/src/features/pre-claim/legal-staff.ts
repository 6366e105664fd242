import type { IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { legalRefusal } from '../../entities/loans/enforcement-rules';
import {
  inNonCompliance,
  nonCompliancePeriods,
  statementsGiven,
} from '../../entities/loans/statement-compliance';
import { issueLetterOfClaim, letterInProgress } from '../../entities/pre-claim/letters';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

/** A Letter of Claim as staff read it, with the customer's reply when there is one. */
export type LetterView = {
  id: number;
  applicationId: number;
  issuedOn: string;
  replyBy: string;
  amountPence: number;
  state: 'open' | 'replied' | 'closed';
  closedOn: string | null;
  closedReason: string | null;
  issuedBy: string;
  closedBy: string | null;
  reply: {
    submittedOn: string;
    owes: string | null;
    partAmountPence: number | null;
    wantsDocuments: boolean;
    instalmentPence: number | null;
    seekingAdvice: boolean;
    noClaimBefore: string | null;
    documentId: number | null;
    statementDocumentId: number | null;
  } | null;
};

export type LegalFlagged =
  | {
      guid: string;
      on: true;
      letter: { issued: true; amountPence: number; replyBy: string } | { issued: false; reason: string };
      by: Actor;
    }
  | { guid: string; on: false; by: Actor };

export type LegalAccount = { guid: string | null; name: string; letter: LetterView | null };

export type LegalShown = {
  guid: string;
  name: string;
  isLegal: boolean;
  /** The last time staff flagged or unflagged it, if they did since actors were recorded. */
  lastFlag: { on: boolean; by: string; at: string } | null;
  letters: LetterView[];
};

export type LetterClosed = { guid: string; letterId: number; reason: string; by: Actor };

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
        'applications.status_id',
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
        'pre_claim_letters.issued_by',
        'pre_claim_letters.closed_by',
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
  const viewOf = (l: Letter): LetterView => ({
    id: l.id,
    applicationId: l.application_id,
    issuedOn: l.issued_on,
    replyBy: l.reply_by,
    amountPence: l.amount_pence,
    state: l.state,
    closedOn: l.closed_on,
    closedReason: l.closed_reason,
    issuedBy: l.issued_by,
    closedBy: l.closed_by,
    reply: l.submitted_on
      ? {
          submittedOn: l.submitted_on,
          owes: l.owes,
          partAmountPence: l.part_amount_pence,
          wantsDocuments: Boolean(l.wants_documents),
          instalmentPence: l.proposes_instalments ? (l.instalment_pence ?? 0) : null,
          seekingAdvice: Boolean(l.seeking_advice),
          noClaimBefore: l.no_claim_before,
          documentId: l.document_id,
          statementDocumentId: l.statement_document_id,
        }
      : null,
  });
  const audit = auditRepository(db);

  return {
    /** `address`: where a console act came from, kept in the flag's audit row (the command line has none). */
    async flag(
      guid: string,
      on: boolean,
      actor: Actor,
      address?: string,
    ): Promise<StaffResult<LegalFlagged>> {
      const details = (isLegal: boolean) =>
        address === undefined ? undefined : { address, before: { isLegal: !isLegal }, after: { isLegal } };
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
              closed_by: actor,
            })
            .where('customer_id', '=', app.customer_id)
            .where('state', '<>', 'closed')
            .execute();
          await auditRepository(trx).record({
            actor,
            action: 'legal-flag-off',
            subject: { type: 'application', id: guid },
            details: details(false),
          });
        });
        return done({ guid, on: false, by: actor });
      }
      // s87(1): the flag issues a Letter of Claim for the whole balance, so only after a default notice's
      // remedy date has passed unremedied; otherwise nothing changes.
      const loan = await db
        .selectFrom('loans')
        .select(['default_notice_on', 'remedy_by', 'defaulted_on', 'priced_on'])
        .where('application_id', '=', app.id)
        .executeTakeFirst();
      const today = ctx.businessDate.today();
      const given = (await statementsGiven(db, [app.id])).get(app.id) ?? [];
      const refusal = legalRefusal(
        {
          statusId: app.status_id,
          defaultNoticeOn: loan?.default_notice_on ?? null,
          remedyBy: loan?.remedy_by ?? null,
          defaultedOn: loan?.defaulted_on ?? null,
          lateStatement: loan
            ? inNonCompliance(nonCompliancePeriods(loan.priced_on as IsoDate, given, today), today)
            : null,
        },
        today,
      );
      if (refusal) return refused(`${guid}: ${refusal.message}`, refusal.code);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('customers').set({ is_legal: 1 }).where('id', '=', app.customer_id).execute();
        await auditRepository(trx).record({
          actor,
          action: 'legal-flag-on',
          subject: { type: 'application', id: guid },
          details: details(true),
        });
      });
      const letter = await issueLetterOfClaim(ctx, app.id, actor);
      return done({
        guid,
        on: true,
        letter: letter.issued
          ? { issued: true, amountPence: letter.amountPence, replyBy: letter.replyBy }
          : { issued: false, reason: letter.reason },
        by: actor,
      });
    },

    async list(): Promise<StaffResult<LegalAccount[]>> {
      const flagged = await db
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name'])
        .where('is_legal', '=', 1)
        .orderBy('id')
        .execute();
      const accounts: LegalAccount[] = [];
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
          : null;
        accounts.push({ guid, name: `${c.first_name} ${c.last_name}`, letter: last ? viewOf(last) : null });
      }
      return done(accounts);
    },

    async show(guid: string): Promise<StaffResult<LegalShown>> {
      const app = await applicationOf(guid);
      if (!app) return refused(`There is no application ${guid}.`);
      const letters = await lettersOf(app.customer_id);
      const flags = await audit.about('application', guid, ['legal-flag-on', 'legal-flag-off']);
      const last = flags[0];
      return done({
        guid,
        name: `${app.first_name} ${app.last_name}`,
        isLegal: Boolean(app.is_legal),
        lastFlag: last ? { on: last.action === 'legal-flag-on', by: last.actor, at: last.at } : null,
        letters: letters.map(viewOf),
      });
    },

    async close(guid: string, reason: string, actor: Actor): Promise<StaffResult<LetterClosed>> {
      const app = await applicationOf(guid);
      if (!app) return refused(`There is no application ${guid}.`);
      const letter = await letterInProgress(db, app.customer_id);
      if (!letter) return refused(`${guid} has no Letter of Claim in progress.`);
      await db
        .updateTable('pre_claim_letters')
        .set({
          state: 'closed',
          closed_on: ctx.businessDate.today(),
          closed_reason: reason,
          closed_by: actor,
        })
        .where('id', '=', letter.id)
        .execute();
      return done({ guid, letterId: letter.id, reason, by: actor });
    },
  };
}
