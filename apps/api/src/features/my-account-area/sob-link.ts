import { callPath, calls } from '@lender/contract/api-calls';
import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { SobLinks } from './sob-links';

/** MyAccountArea/SobLink: a single-use link to the session customer's summary of borrowing. */
export const sobLink = (links: SobLinks) =>
  implementCall('sobLink', async ({ session }) => {
    const token = await links.issue(session.customerId);
    return ok({ url: `${callPath(calls.downloadSob)}?token=${encodeURIComponent(token)}` });
  });
