import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { legalStaff } from './legal-staff';

/**
 * The console's legal flag (issue 48 item 5): the staff service `ops legal <guid> on` uses, which refuses
 * until a default notice's remedy date has passed (s87(1)); the actor is the staff member, and the
 * service's one audit row keeps the address the act came from and the before and after.
 */
export function legalCalls(ctx: AppContext): ImplementedCall[] {
  const legal = legalStaff(ctx);
  return [
    implementCall('loansFlagLegal', async ({ body, principal, req }) => {
      const actor = staffActor(principal.staffId);
      const flagged = await legal.flag(body.applicationGuid, true, actor, req.ip);
      if (!flagged.ok) return fail(ErrorId.conflict, flagged.message);
      const f = flagged.value;
      const letter =
        f.on && f.letter.issued
          ? { issued: true, amountPence: f.letter.amountPence, replyBy: f.letter.replyBy, reason: null }
          : {
              issued: false,
              amountPence: null,
              replyBy: null,
              reason: f.on && !f.letter.issued ? f.letter.reason : null,
            };
      return ok({ applicationGuid: f.guid, letter });
    }),
  ];
}
