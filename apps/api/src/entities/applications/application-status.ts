import { ENDED_STATUSES } from '@lender/contract/status';

/** An ended application lets its customer start another; any other one is still in progress. */
export const isEnded = (statusId: number) => ENDED_STATUSES.includes(statusId);
