import { ok } from '@lender/contract/envelope';
import type { AppContext } from '../../app-context';
import { implementCall } from '../../plugins/calls';
import { loanRepository } from '../../entities/loans/loan-repository';
import { loanFactsOf, loanStateOf, showsFigure, withFigure } from '../../entities/loans/loan-state';
import { namedFigures } from '../../entities/loans/named-figures';

/**
 * MyAccountArea/GetLoanState (issue 45 item 11): the session customer's loan state, on the business date.
 * The loan's book is read only for a state that shows a figure: the rest need the one statement of facts.
 */
export const loanStateCalls = (ctx: AppContext) => [
  implementCall('getLoanState', async ({ principal }) => {
    const today = ctx.businessDate.today();
    const facts = await loanFactsOf(ctx.db, principal.customerId, today);
    const state = loanStateOf(facts);
    if (!showsFigure(state)) return ok(state);
    const id = facts.loan!.applicationId;
    const book = (await loanRepository(ctx.db).books([id])).get(id);
    const owed = book?.loan.funded_on && !book.loan.settled_on;
    return ok(withFigure(state, owed ? namedFigures(book.terms, book.rows, today) : null));
  }),
];
