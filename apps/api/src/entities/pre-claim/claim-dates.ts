import { PRE_CLAIM_ADVICE_DAYS } from '@lender/contract/calls/pre-claim';
import { addDays, type IsoDate } from '@lender/contract/dates';

/** Days after the documents a Reply Form asked for are sent, as after a reply seeking advice. */
export const DOCUMENTS_WAIT_DAYS = PRE_CLAIM_ADVICE_DAYS;

const latest = (dates: readonly IsoDate[]) => dates.reduce((a, b) => (b > a ? b : a));

/**
 * The first day a claim could be started (Pre-Action Protocol for Debt Claims, docs/decisions/029 and
 * 054-arrears-notices-default-sums-and-the-claim-pack.md): after the 30 days to reply to the letter (`replyBy`); when the Reply
 * Form says the customer is getting debt advice, after 30 days from the reply; when it asks for
 * documents, after 30 days from when we send them. Until they are sent the day counts from the reply,
 * the earliest they could go (a lower bound: the letter stays paused until staff deal with the reply).
 */
export function noClaimBefore(f: {
  replyBy: IsoDate;
  repliedOn: IsoDate;
  seekingAdvice: boolean;
  wantsDocuments: boolean;
  documentsSentOn: IsoDate | null;
}): IsoDate {
  const waits = [f.replyBy];
  if (f.seekingAdvice) waits.push(addDays(f.repliedOn, PRE_CLAIM_ADVICE_DAYS));
  if (f.wantsDocuments) waits.push(addDays(f.documentsSentOn ?? f.repliedOn, DOCUMENTS_WAIT_DAYS));
  return addDays(latest(waits), 1);
}
