import { ErrorId } from '@lender/contract/error-ids';
import { fail, ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import { implementCall, type ImplementedCall } from '../../plugins/calls';
import { customerRecord } from './customer-record';
import { customerSearch } from './customer-search';

/**
 * Search, the customer's record and a loan's, read-only (issue 48 items 3 to 5), under
 * /api/staff/Customers/. An unknown customer or loan is not found, in the envelope as every refusal.
 */
export function customersCalls(ctx: AppContext, dictionaries: StoredDictionaries): ImplementedCall[] {
  const search = customerSearch(ctx.db);
  const records = customerRecord(ctx, dictionaries);
  return [
    implementCall('customersSearch', async ({ query }) => ok(await search(query.q))),
    implementCall('customersCustomer', async ({ query, principal, req }) => {
      const opened = await records.customer(query.customerId, {
        staffId: principal.staffId,
        address: req.ip,
      });
      return opened.ok ? ok(opened.value) : fail(ErrorId.notFound, opened.message);
    }),
    implementCall('customersLoan', async ({ query, principal, req }) => {
      const opened = await records.loan(query.loanId, { staffId: principal.staffId, address: req.ip });
      return opened.ok ? ok(opened.value) : fail(ErrorId.notFound, opened.message);
    }),
  ];
}
