import * as staff from './staff';
import { call, type CallDef } from './call-spec';

/** The staff API (issue 44): under /api/staff/, behind a staff session and a permission. */
export const staffCalls = {
  staffMe: call({
    controller: 'Staff',
    action: 'Me',
    method: 'GET',
    auth: { staff: 'any' },
    response: staff.staffMeSchema,
  }),
  underwritingQueue: call({
    controller: 'Underwriting',
    action: 'Queue',
    method: 'GET',
    auth: { staff: 'application:decide' },
    response: staff.underwritingQueueSchema,
  }),
} as const satisfies Record<string, CallDef>;
