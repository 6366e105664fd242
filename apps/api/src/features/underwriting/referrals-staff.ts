import { AppStatus } from '@lender/contract/status';
import type { z } from 'zod';
import type {
  referralSchema,
  REQUESTED_DOCUMENTS,
  STAFF_DECISIONS,
  workbenchSchema,
} from '@lender/contract/calls/staff';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { fitReason } from '../../entities/applications/application-repository';
import { staffActor, type Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { actorNames } from '../../entities/staff/actor-names';
import { workbenchOf } from './application-workbench';
import { referralReasons } from './referral-reasons';
import { nowIso } from '../../lib/clock';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import { documentRequestEmail, reviewOverturnedEmail, reviewUpheldEmail } from './underwriting-emails';
import type { UnderwritingService } from './underwriting-service';
import { underwritingStaff } from './underwriting-staff';

type Referral = z.output<typeof referralSchema>;
type Workbench = z.output<typeof workbenchSchema>;
type Holder = { staffId: number; displayName: string };
export type StaffDecision = (typeof STAFF_DECISIONS)[number];
export type RequestedDocument = (typeof REQUESTED_DOCUMENTS)[number];

/** Who acts in the console and from where: the audit keeps both (issue 48). */
export type StaffActing = { staffId: number; address: string };

/** The decisions that hand an application to a person. */
const REFERRAL_KINDS = ['underwriting-referred', 'payout-referred'];
const HOLD_ACTIONS = ['referral-held', 'referral-released'];

const minutesSince = (iso: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));

/**
 * The Referrals queue and the application workbench (issue 48): what an underwriter reads and does in the
 * console. Holds are audit rows (`referral-held`, `referral-released`): the newest one about an
 * application says who holds it, and the audit keeps the whole story without a table of its own.
 */
export function referralsStaff(
  ctx: AppContext,
  underwriting: UnderwritingService,
  dictionaries: StoredDictionaries,
) {
  const db = ctx.db;
  const audit = auditRepository(db);
  const documentsUrl = () => new URL('/account/documents', ctx.config.PUBLIC_URL).toString();

  const openReviews = (q: DbExecutor = db) =>
    q.selectFrom('decision_review_requests').selectAll().where('reviewed_at', 'is', null);

  /** Who holds each of these applications now (absent: nobody). */
  async function holders(guids: readonly string[]): Promise<Map<string, Holder>> {
    const held = new Map<string, Holder>();
    if (guids.length === 0) return held;
    const rows = await db
      .selectFrom('audit_events')
      .select(['subject_id', 'action', 'actor'])
      .where('subject_type', '=', 'application')
      .where('subject_id', 'in', [...guids])
      .where('action', 'in', HOLD_ACTIONS)
      .orderBy('id', 'desc')
      .execute();
    const newest = new Map<string, { action: string; actor: string }>();
    for (const r of rows) if (r.subject_id && !newest.has(r.subject_id)) newest.set(r.subject_id, r);
    const nameOf = await actorNames(
      db,
      [...newest.values()].map((r) => r.actor),
    );
    for (const [guid, r] of newest) {
      if (r.action !== 'referral-held') continue;
      held.set(guid, { staffId: Number(r.actor.slice('staff:'.length)), displayName: nameOf(r.actor) });
    }
    return held;
  }

  const applicationOf = (guid: string) =>
    db
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select([
        'applications.id',
        'applications.guid',
        'applications.status_id',
        'applications.customer_id',
        'applications.amount_pence',
        'applications.period',
        'customers.email',
        'customers.first_name',
        'customers.last_name',
      ])
      .where('applications.guid', '=', guid)
      .executeTakeFirst();
  type Application = NonNullable<Awaited<ReturnType<typeof applicationOf>>>;

  /** Waiting for a person: referred, or declined with a review asked for and not yet answered. */
  async function waitingKind(app: Application): Promise<'referral' | 'reviewRequest' | null> {
    if (app.status_id === AppStatus.undewritingReview) return 'referral';
    if (app.status_id !== AppStatus.leadDeclined) return null;
    const review = await openReviews().where('application_id', '=', app.id).executeTakeFirst();
    return review ? 'reviewRequest' : null;
  }

  const heldByAnother = (holder: Holder | undefined, staffId: number) =>
    holder && holder.staffId !== staffId
      ? refused<never>(
          `${holder.displayName} holds this application: ask them to release it first.`,
          'heldByOther',
        )
      : null;

  return {
    async list(now = new Date()): Promise<StaffResult<Referral[]>> {
      const columns = [
        'applications.id',
        'applications.guid',
        'applications.status_id',
        'applications.customer_id',
        'applications.amount_pence',
        'applications.period',
        'customers.first_name',
        'customers.last_name',
      ] as const;
      const referred = await db
        .selectFrom('applications')
        .innerJoin('customers', 'customers.id', 'applications.customer_id')
        .select(columns)
        .where('applications.status_id', '=', AppStatus.undewritingReview)
        .execute();
      const reviews = await db
        .selectFrom('decision_review_requests as r')
        .innerJoin('applications', 'applications.id', 'r.application_id')
        .innerJoin('customers', 'customers.id', 'applications.customer_id')
        .select([...columns, 'r.requested_at', 'r.note', 'r.channel'])
        .where('r.reviewed_at', 'is', null)
        .execute();
      const ids = [...referred, ...reviews].map((a) => a.id);
      const decisions = ids.length
        ? await db
            .selectFrom('application_decisions')
            .select(['application_id', 'kind', 'reason', 'created_at'])
            .where('application_id', 'in', ids)
            .where('kind', 'in', [...REFERRAL_KINDS, 'declined', 'underwriting-declined'])
            .orderBy('id', 'desc')
            .execute()
        : [];
      const newestOf = (id: number, kinds: readonly string[]) =>
        decisions.find((d) => d.application_id === id && kinds.includes(d.kind));
      const held = await holders([...referred, ...reviews].map((a) => a.guid));
      const base = (a: (typeof referred)[number]) => ({
        applicationGuid: a.guid,
        customerId: a.customer_id,
        customerName: `${a.first_name} ${a.last_name}`,
        amountPence: a.amount_pence,
        termMonths: a.period,
        statusId: a.status_id,
        heldBy: held.get(a.guid) ?? null,
      });
      const items: Referral[] = [
        ...referred.map((a) => {
          const why = newestOf(a.id, REFERRAL_KINDS);
          // A referral always has its decision; `now` is the fallback for a row made by hand.
          const referredAt = why?.created_at ?? now.toISOString();
          return {
            ...base(a),
            kind: 'referral' as const,
            reasons: why ? referralReasons(why.kind, why.reason) : [],
            referredAt,
            ageMinutes: minutesSince(referredAt, now),
          };
        }),
        ...reviews.map((a) => {
          const declined = newestOf(a.id, ['declined', 'underwriting-declined']);
          return {
            ...base(a),
            kind: 'reviewRequest' as const,
            reasons: [
              `The applicant asked for a person to review the automated decline (by ${a.channel}).`,
              ...(declined ? [`Declined for: ${declined.reason}`] : []),
              ...(a.note ? [`Note: ${a.note}`] : []),
            ],
            referredAt: a.requested_at,
            ageMinutes: minutesSince(a.requested_at, now),
          };
        }),
      ];
      items.sort((x, y) => x.referredAt.localeCompare(y.referredAt));
      return done(items);
    },

    async hold(guid: string, by: StaffActing): Promise<StaffResult<Holder>> {
      const app = await applicationOf(guid);
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      if (!(await waitingKind(app))) {
        return refused(
          `Application ${guid} is not waiting for a person: there is nothing to hold.`,
          'notWaiting',
        );
      }
      const current = (await holders([guid])).get(guid);
      const other = heldByAnother(current, by.staffId);
      if (other) return other;
      if (!current) {
        await audit.record({
          actor: staffActor(by.staffId),
          action: 'referral-held',
          subject: { type: 'application', id: guid },
          details: { customerId: app.customer_id, address: by.address },
        });
      }
      return done((await holders([guid])).get(guid)!);
    },

    async release(guid: string, by: StaffActing): Promise<StaffResult<null>> {
      const app = await applicationOf(guid);
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      const current = (await holders([guid])).get(guid);
      if (!current) return done(null);
      if (current.staffId !== by.staffId) {
        return refused(
          `${current.displayName} holds this application: only they can release it.`,
          'heldByOther',
        );
      }
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'referral-released',
        subject: { type: 'application', id: guid },
        details: { customerId: app.customer_id, address: by.address },
      });
      return done(null);
    },

    /** Everything an underwriter reads about one application; the opening is audited. */
    async workbench(guid: string, by: StaffActing): Promise<StaffResult<Workbench>> {
      const app = await db.selectFrom('applications').selectAll().where('guid', '=', guid).executeTakeFirst();
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      const holder = async () => (await holders([guid])).get(guid) ?? null;
      const [workbench, customerId] = await workbenchOf(db, dictionaries, app, holder);
      // The opening is audited before the record is handed over: a read that is not recorded never happens.
      await audit.record({
        actor: staffActor(by.staffId),
        action: 'application-opened',
        subject: { type: 'application', id: guid },
        details: { customerId, address: by.address },
      });
      return done(workbench);
    },

    /**
     * A person's decision: on a referral, the application is approved or declined (underwriting-staff's
     * `decide`, the customer's e-mail as the ops command sends it); on a review request, the automated
     * decline is upheld or not and the request closed (docs/decisions/061-staff-referrals-and-audit.md).
     */
    async decide(
      guid: string,
      decision: StaffDecision,
      reason: string,
      by: StaffActing,
    ): Promise<
      StaffResult<{ kind: 'referral' | 'reviewRequest'; statusBefore: number; statusAfter: number }>
    > {
      const actor: Actor = staffActor(by.staffId);
      const why = reason.trim();
      if (why.length < 5)
        return refused('Give the reason for the decision (at least 5 characters).', 'noReason');
      const app = await applicationOf(guid);
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      const kind = await waitingKind(app);
      if (!kind) {
        return refused(
          `Application ${guid} is not waiting for a person's decision (it is not referred, and no review is open).`,
          'notWaiting',
        );
      }
      const other = heldByAnother((await holders([guid])).get(guid), by.staffId);
      if (other) return other;
      const statusBefore = app.status_id;
      if (kind === 'referral') {
        const decided = await underwritingStaff(db, underwriting).decide(guid, decision, why, actor);
        if (!decided.ok) return decided;
      } else {
        const answered = await db.transaction().execute(async (trx) => {
          const closed = await trx
            .updateTable('decision_review_requests')
            .set({ reviewed_at: nowIso() })
            .where('application_id', '=', app.id)
            .where('reviewed_at', 'is', null)
            .executeTakeFirst();
          // Another underwriter answered it a moment ago: one answer only.
          if (Number(closed.numUpdatedRows) === 0) return false;
          await trx
            .insertInto('application_decisions')
            .values({
              application_id: app.id,
              customer_id: app.customer_id,
              kind: decision === 'decline' ? 'review-upheld' : 'review-overturned',
              reason: why,
              actor,
              created_at: nowIso(),
            })
            .execute();
          const email =
            decision === 'decline'
              ? reviewUpheldEmail(app.first_name, why)
              : reviewOverturnedEmail(app.first_name, why);
          await ctx.outbox.enqueue(trx, { channel: 'email', to: app.email, ...email });
          return true;
        });
        if (!answered) return refused(`The review of ${guid} has already been answered.`, 'notWaiting');
      }
      const after = await db
        .selectFrom('applications')
        .select('status_id')
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow();
      await audit.record({
        actor,
        action:
          kind === 'referral'
            ? `application-${decision === 'approve' ? 'approved' : 'declined'}`
            : `review-${decision === 'decline' ? 'upheld' : 'overturned'}`,
        subject: { type: 'application', id: guid },
        details: {
          customerId: app.customer_id,
          before: { statusId: statusBefore },
          after: { statusId: after.status_id },
          reason: why,
          address: by.address,
        },
      });
      return done({ kind, statusBefore, statusAfter: after.status_id });
    },

    /** Asks the applicant for a document by e-mail; the application keeps waiting for a person. */
    async askForDocument(
      guid: string,
      document: RequestedDocument,
      note: string | undefined,
      by: StaffActing,
    ): Promise<StaffResult<{ sentTo: string }>> {
      const actor: Actor = staffActor(by.staffId);
      const app = await applicationOf(guid);
      if (!app) return refused(`No application ${guid}.`, 'unknown');
      if ((await waitingKind(app)) !== 'referral') {
        return refused(
          `Application ${guid} is not referred to a person: there is nothing to ask a document for.`,
          'notWaiting',
        );
      }
      const other = heldByAnother((await holders([guid])).get(guid), by.staffId);
      if (other) return other;
      const text = note?.trim() || undefined;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('application_decisions')
          .values({
            application_id: app.id,
            customer_id: app.customer_id,
            kind: 'document-requested',
            reason: fitReason(text ? `${document}: ${text}` : document),
            actor,
            created_at: nowIso(),
          })
          .execute();
        await ctx.outbox.enqueue(trx, {
          channel: 'email',
          to: app.email,
          ...documentRequestEmail(app.first_name, document, text, documentsUrl()),
        });
        await auditRepository(trx).record({
          actor,
          action: 'document-requested',
          subject: { type: 'application', id: guid },
          details: { customerId: app.customer_id, document, address: by.address },
        });
      });
      return done({ sentTo: app.email });
    },
  };
}

export type ReferralsStaff = ReturnType<typeof referralsStaff>;
