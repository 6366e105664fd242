import { LeadEvent, type LeadEventId } from '@lender/contract/lead-events';
import { callApi } from '../../lib/api-client';

const SESSION_KEY = 'leadSessionId';
const sentKey = (guid: string) => `leadEvents:${guid}`;

/** This browser session's id: the tab keeps it (session storage) across the bank's challenge. */
export function leadSessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

function sentEvents(guid: string): number[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(sentKey(guid)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** LeadProvider/LeadLandedEvent, in the background: no loader, and a failure changes nothing on the page. */
export const postLeadEvent = (guid: string, eventID: LeadEventId, data: string | null) =>
  callApi(
    'leadLandedEvent',
    { providerID: guid, eventID, sessionID: leadSessionId(), data },
    { quiet: true, skipDefaultErrorHandling: true },
  );

// One after another: 'loaded' must be stored before the server accepts the next event of its session.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reports an event. The page events (1 to 4) go at most once per browser session, remembered in session
 * storage so a reload or a return from the bank does not count them again; nothing goes before 'loaded'
 * (the server would refuse it). The tracking events of a submit go with every attempt.
 */
export function reportLeadEvent(guid: string, eventID: LeadEventId, data: string | null = null): void {
  const sent = sentEvents(guid);
  if (eventID !== LeadEvent.loaded && !sent.includes(LeadEvent.loaded)) return;
  if (eventID < LeadEvent.submitBeforePayment) {
    if (sent.includes(eventID)) return;
    sessionStorage.setItem(sentKey(guid), JSON.stringify([...sent, eventID]));
  }
  queue = queue.then(() => postLeadEvent(guid, eventID, data)).catch(() => undefined);
}
