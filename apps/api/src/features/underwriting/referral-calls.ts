import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import type { StaffResult } from '../../lib/staff-result';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import type { StaffPrincipal } from '../../plugins/principal';
import { referralsStaff, type StaffActing } from './referrals-staff';
import type { UnderwritingService } from './underwriting-service';

const acting = (principal: StaffPrincipal, req: FastifyRequest): StaffActing => ({
  staffId: principal.staffId,
  address: req.ip,
});

/**
 * A staff service's refusal in the envelope (HTTP 200, as every business outcome): an unknown guid is
 * not found; anything else (held by another, not waiting) is a conflict with the application's state.
 */
const refusal = (result: Extract<StaffResult<unknown>, { ok: false }>) =>
  fail(result.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, result.message);

/**
 * The underwriter's console (issue 48): the Referrals queue, holding one, the application workbench,
 * deciding it and asking for a document, under /api/staff/Underwriting/.
 */
export function referralCalls(
  ctx: AppContext,
  underwriting: UnderwritingService,
  dictionaries: StoredDictionaries,
): ImplementedCall[] {
  const referrals = referralsStaff(ctx, underwriting, dictionaries);
  return [
    implementCall('underwritingReferrals', async () => {
      const listed = await referrals.list();
      return listed.ok ? ok({ referrals: listed.value }) : refusal(listed);
    }),
    implementCall('underwritingHold', async ({ body, principal, req }) => {
      const held = await referrals.hold(body.applicationGuid, acting(principal, req));
      return held.ok ? ok({ applicationGuid: body.applicationGuid, heldBy: held.value }) : refusal(held);
    }),
    implementCall('underwritingRelease', async ({ body, principal, req }) => {
      const released = await referrals.release(body.applicationGuid, acting(principal, req));
      return released.ok ? ok({ applicationGuid: body.applicationGuid, heldBy: null }) : refusal(released);
    }),
    implementCall('underwritingApplication', async ({ query, principal, req }) => {
      const opened = await referrals.workbench(query.guid, acting(principal, req));
      return opened.ok ? ok(opened.value) : refusal(opened);
    }),
    implementCall('underwritingDecide', async ({ body, principal, req }) => {
      const decided = await referrals.decide(
        body.applicationGuid,
        body.decision,
        body.reason,
        acting(principal, req),
      );
      return decided.ok
        ? ok({ applicationGuid: body.applicationGuid, decision: body.decision, ...decided.value })
        : refusal(decided);
    }),
    implementCall('underwritingAskForDocument', async ({ body, principal, req }) => {
      const asked = await referrals.askForDocument(
        body.applicationGuid,
        body.document,
        body.note,
        acting(principal, req),
      );
      return asked.ok
        ? ok({ applicationGuid: body.applicationGuid, document: body.document, sentTo: asked.value.sentTo })
        : refusal(asked);
    }),
  ];
}
