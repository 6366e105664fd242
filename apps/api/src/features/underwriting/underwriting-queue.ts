import { ok } from '@lender/contract/envelope';
import { AppStatus } from '@lender/contract/status';
import { implementCall } from '../../plugins/calls';
import type { Candidate } from './underwriting-repository';

/**
 * GET /api/staff/Underwriting/Queue (issue 44; staff holding 'application:decide'): the signed and referred
 * applications waiting for a decision, read as `npm run ops -- underwriting list` reads them (`pending`).
 */
export const underwritingQueue = (pending: () => Promise<Candidate[]>) =>
  implementCall('underwritingQueue', async () => {
    const waiting = await pending();
    return ok({
      applications: waiting.map((a) => ({
        applicationGuid: a.guid,
        statusId: a.statusId,
        referred: a.statusId === AppStatus.undewritingReview,
        customerEmail: a.email,
        firstName: a.firstName,
        amountPence: a.amountPence,
      })),
    });
  });
