import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { leadRepository } from '../../entities/partner-leads/lead-repository';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import { SYSTEM } from '../../entities/audit/actor';

/** Leads ended in one round; the next round takes the rest. */
const ROUND = 500;

/** The lead's landing was submitted while the sweep was deciding: its transaction is undone. */
class SubmittedMeanwhile extends Error {}

/**
 * Ends the accepted leads whose landing link lapsed before a submit (leadDeclined, recorded as
 * 'lead-expired'): an application that waits on a dead link would otherwise count as in progress for
 * ever, and the person could not apply again, with us or through another partner. The server runs it on a
 * timer; answers how many ended.
 */
export async function expireLapsedLeads(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions'>,
  now: Date = new Date(),
): Promise<number> {
  const entities = entityRepositories(ctx);
  const store = unitOfWork(ctx.db, (db) => ({ ...entities(db), leads: leadRepository(db) }));
  const step = ApplicationStep.expireLead;
  let ended = 0;
  for (const lead of await store.leads.lapsed(now.toISOString(), step.from, ROUND)) {
    const decision = {
      kind: 'lead-expired',
      reason: 'landing link lapsed (72 hours) before a submit',
      actor: SYSTEM.leadExpiry,
    };
    try {
      const application = { id: lead.applicationId, customerId: lead.customerId };
      const moved = await transition(store, application, step, decision, async ({ leads }) => {
        // Holds the lead's row: a submit racing this sweep either finished first (and wins) or waits.
        if (!(await leads.holdOpen(lead.id))) throw new SubmittedMeanwhile();
      });
      if (moved) ended += 1;
    } catch (err) {
      if (!(err instanceof SubmittedMeanwhile)) throw err;
    }
  }
  return ended;
}
