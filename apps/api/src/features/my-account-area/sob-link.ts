import { callPath, calls } from '@lender/contract/api-calls';
import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { SobLinks } from './sob-links';

/** MyAccountArea/SobLink: a single-use link to the session customer's summary of borrowing. */
export const sobLink = (links: SobLinks) =>
  implementCall('sobLink', async ({ principal }) => {
    const token = await links.issue(principal.customerId);
    return ok({ url: `${callPath(calls.downloadSob)}?token=${encodeURIComponent(token)}` });
  });
