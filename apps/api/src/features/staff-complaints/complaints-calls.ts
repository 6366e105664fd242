import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import type { AppContext } from '../../app-context';
import { staffActor } from '../../entities/audit/actor';
import { implementCall, invalidFields, type ImplementedCall } from '../../plugins/calls';
import { complaintsRegister } from './complaints';

/**
 * The complaints register (issue 48 item 7), under /api/staff/. An unknown customer, loan or complaint is
 * not found; a complaint already closed is a conflict; a received date in the future, a summary
 * resolution after its 3 business days and a period the wrong way round are fields to correct.
 */
export function complaintsCalls(ctx: AppContext): ImplementedCall[] {
  const register = complaintsRegister(ctx);
  return [
    implementCall('complaintsLog', async ({ body, principal, req, reply }) => {
      const logged = await register.log(body, { staffId: principal.staffId, address: req.ip });
      if (logged.ok) return ok(logged.value);
      if (logged.code === 'receivedFuture') {
        reply.code(400);
        return invalidFields({ receivedOn: logged.message });
      }
      return fail(ErrorId.notFound, logged.message);
    }),
    implementCall('complaintsList', async ({ query, principal, req }) =>
      ok(await register.list(query.customerId, { staffId: principal.staffId, address: req.ip })),
    ),
    implementCall('complaintsResolve', async ({ body, principal, req, reply }) => {
      const resolved = await register.resolve(body, { staffId: principal.staffId, address: req.ip });
      if (resolved.ok) return ok(resolved.value);
      if (resolved.code === 'summaryTooLate') {
        reply.code(400);
        return invalidFields({ response: resolved.message });
      }
      return fail(resolved.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, resolved.message);
    }),
    implementCall('complaintsHoldingResponse', async ({ body, principal, req, reply }) => {
      const sent = await register.holdingResponse(body, { staffId: principal.staffId, address: req.ip });
      if (sent.ok) return ok(sent.value);
      if (sent.code === 'expectedPast') {
        reply.code(400);
        return invalidFields({ expectedBy: sent.message });
      }
      return fail(sent.code === 'unknown' ? ErrorId.notFound : ErrorId.conflict, sent.message);
    }),
    implementCall('complaintsLetter', async ({ query, principal, req, reply }) => {
      const letter = await register.letter(query.complaintId, {
        staffId: principal.staffId,
        address: req.ip,
      });
      if (!letter.ok) return fail(ErrorId.notFound, letter.message);
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${letter.value.name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(letter.value.bytes));
      return reply as never;
    }),
    implementCall('complaintsReport', async ({ query, principal, req, reply }) => {
      if (query.from > query.to) {
        reply.code(400);
        return invalidFields({ to: Msg.complaintPeriod });
      }
      return ok(await register.report(query.from, query.to, staffActor(principal.staffId), req.ip));
    }),
  ];
}
