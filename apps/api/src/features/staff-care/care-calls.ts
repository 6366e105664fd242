import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { implementCall, invalidFields, type ImplementedCall } from '../../plugins/calls';
import { careLog } from './care-log';
import { collectionsWorklist } from './collections-worklist';
import { vulnerabilities } from './vulnerability';

/**
 * Notes and the contact log, the collections worklist and vulnerability (issue 48 items 4, 6 and 8), under
 * /api/staff/. An unknown customer, loan or vulnerability is not found; a vulnerability already ended is a
 * conflict; both in the envelope as every refusal.
 */
export function careCalls(ctx: AppContext): ImplementedCall[] {
  const log = careLog(ctx.db);
  const worklist = collectionsWorklist(ctx);
  const vulnerable = vulnerabilities(ctx);
  const refusal = (code: string | undefined) => (code === 'unknown' ? ErrorId.notFound : ErrorId.conflict);
  return [
    implementCall('careLog', async ({ query }) =>
      ok({ entries: await log.log(query.customerId, query.loanId) }),
    ),
    implementCall('careAddNote', async ({ body, principal, req }) => {
      const added = await log.addNote(body, { staffId: principal.staffId, address: req.ip });
      return added.ok ? ok(added.value) : fail(refusal(added.code), added.message);
    }),
    implementCall('careAddContact', async ({ body, principal, req }) => {
      const added = await log.addContact(body, { staffId: principal.staffId, address: req.ip });
      return added.ok ? ok(added.value) : fail(refusal(added.code), added.message);
    }),
    implementCall('collectionsWorklist', async ({ query, principal, req }) =>
      ok(await worklist(query.bucket, { staffId: principal.staffId, address: req.ip })),
    ),
    implementCall('vulnerabilityOfCustomer', async ({ query, principal, req }) => {
      const read = await vulnerable.ofCustomer(query.customerId, {
        staffId: principal.staffId,
        role: principal.role,
        address: req.ip,
      });
      return read.ok ? ok(read.value) : fail(refusal(read.code), read.message);
    }),
    implementCall('vulnerabilityRecord', async ({ body, principal, req, reply }) => {
      const saved = await vulnerable.record(body, { staffId: principal.staffId, address: req.ip });
      if (saved.ok) return ok(saved.value);
      // A review date already past is a field the member corrects, as the schema's refusals are.
      if (saved.code === 'reviewPast') {
        reply.code(400);
        return invalidFields({ reviewOn: saved.message });
      }
      return fail(refusal(saved.code), saved.message);
    }),
    implementCall('vulnerabilityEnd', async ({ body, principal, req }) => {
      const ended = await vulnerable.end(body.vulnerabilityId, body.reason, {
        staffId: principal.staffId,
        address: req.ip,
      });
      return ended.ok ? ok(ended.value) : fail(refusal(ended.code), ended.message);
    }),
    implementCall('vulnerabilityReviewsDue', async ({ principal, req }) =>
      ok(await vulnerable.reviewsDue({ staffId: principal.staffId, address: req.ip })),
    ),
  ];
}
