import { AppStatus } from '@lender/contract/status';
import type { DbExecutor } from '../../db/create-db';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';
import type { Decided, UnderwritingService } from './underwriting-service';

/** A signed application waiting: for the rules, or referred to a person (and by whom). */
export type Waiting = {
  guid: string;
  email: string;
  referred: boolean;
  /** The newest decision on it: what moved it here and who. */
  lastDecision: { kind: string; actor: string; at: string } | null;
};

export type DecidedByHand = { guid: string; outcome: 'approve' | 'decline'; reason: string; by: Actor };

/**
 * What staff do in underwriting (`npm run ops -- underwriting`, the staff console next): list those
 * waiting, run the rules now, or decide one by hand with a reason. Answers data; `ops` prints it.
 */
export function underwritingStaff(db: DbExecutor, underwriting: UnderwritingService) {
  return {
    async list(): Promise<StaffResult<Waiting[]>> {
      const pending = await underwriting.pending();
      const waiting: Waiting[] = [];
      for (const a of pending) {
        const last = await db
          .selectFrom('application_decisions')
          .select(['kind', 'actor', 'created_at'])
          .where('application_id', '=', a.id)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        waiting.push({
          guid: a.guid,
          email: a.email,
          referred: a.statusId === AppStatus.undewritingReview,
          lastDecision: last ? { kind: last.kind, actor: last.actor, at: last.created_at } : null,
        });
      }
      return done(waiting);
    },

    /** The rules on every signed application now (a sweep also runs every 15 s in the API). */
    async run(actor: Actor): Promise<StaffResult<Decided[]>> {
      const decided = await underwriting.run();
      await auditRepository(db).record({
        actor,
        action: 'underwriting-run',
        details: { decided: decided.length },
      });
      return done(decided);
    },

    async decide(
      guid: string,
      outcome: 'approve' | 'decline',
      reason: string,
      actor: Actor,
    ): Promise<StaffResult<DecidedByHand>> {
      if (!reason.trim()) return refused('Give the reason for the decision.');
      if (!(await underwriting.decideByHand(guid, outcome, reason.trim(), actor))) {
        return refused(`${guid} is not waiting for underwriting (unknown, or already decided).`);
      }
      return done({ guid, outcome, reason: reason.trim(), by: actor });
    },
  };
}
