import { expect } from 'vitest';
import type { Customer } from '../../test/factories';
import { staffInject } from '../../test/staff';
import type { TestApp } from '../../test/test-app';

/** Christmas 2030: the 25th (Wednesday) and the 26th (Thursday) are bank holidays. */
export const TODAY = '2030-12-31';

export const URL_OF = {
  log: '/api/staff/Complaints/Log',
  list: '/api/staff/Complaints/List',
  resolve: '/api/staff/Complaints/Resolve',
  report: '/api/staff/Complaints/Report',
  letter: '/api/staff/Complaints/Letter',
  holding: '/api/staff/Complaints/HoldingResponse',
};

export type Complaint = {
  complaintId: number;
  reference: string;
  receivedOn: string;
  summaryBy: string;
  deadlineOn: string;
  clock: string;
  closedOn: string | null;
  outcome: string | null;
  response: string | null;
  documentId: number | null;
  redressPence: number | null;
};

export const resolution = (complaintId: number, response: 'summary' | 'final', extra = {}) => ({
  complaintId,
  outcome: 'upheld',
  rootCause: 'Payment allocated a day late.',
  reasons: 'Your payment reached us on the due date; the fee should not have been charged.',
  redressPence: 1500,
  response,
  ...extra,
});

/**
 * The e-mails sent to an address, and a complaint logged through the call (of `customer` unless another is
 * named). Takes the app and the customer through getters because a test file makes them in `beforeAll`,
 * after these are bound.
 */
export function complaintCalls(app: () => TestApp, customer: () => Customer) {
  const { post } = staffInject(app);

  const emailsTo = (to: string) =>
    app().ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

  const logComplaint = async (cookie: string, receivedOn: string, who: Customer = customer(), extra = {}) => {
    const res = await post(URL_OF.log, cookie, {
      customerId: who.id,
      channel: 'phone',
      category: 'feesCharges',
      receivedOn,
      summary: 'Charged a fee after paying on time.',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().object as Complaint;
  };

  return { emailsTo, logComplaint };
}
