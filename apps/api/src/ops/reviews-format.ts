import type { ReviewRequest } from '../features/underwriting/decision-reviews-staff';

/** Review requests, one line each: who, when, how it came in, and what was declined. */
export const reviewLines = (requests: ReviewRequest | readonly ReviewRequest[]) => {
  const list = Array.isArray(requests) ? requests : [requests as ReviewRequest];
  if (list.length === 0) return ['No review is waiting.'];
  return list.map(
    (r) =>
      `${r.guid}  ${r.name}  ${r.requestedAt}  by ${r.channel} (${r.recordedBy}): ${r.note}  [declined: ${r.declinedFor}]`,
  );
};
