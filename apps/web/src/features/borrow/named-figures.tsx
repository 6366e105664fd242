import type { NamedFigures as Figures } from '@lender/contract/calls/my-account-area';
import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { displayDate, money } from './borrow-format';
import { Fact } from './borrow-table';

export type FigureName = 'toClearToday' | 'leftOnPlan' | 'nextPayment' | 'overdueNow';

/** A figure's value as every page writes it. */
export function figureText(name: FigureName, figures: Figures): string {
  switch (name) {
    case 'nextPayment':
      return figures.nextPayment
        ? `${money(figures.nextPayment.amount)} on ${displayDate(figures.nextPayment.date)}`
        : 'None planned';
    default:
      return money(figures[name]);
  }
}

/** Each figure the server names once (issue 45 item 6), in this order wherever several are shown. */
const ALL: readonly FigureName[] = ['nextPayment', 'overdueNow', 'toClearToday', 'leftOnPlan'];

type Props = {
  /** The server's figures (GetBorrowingSummary's or GetScheduleSummary's `figures`): never summed here. */
  figures: Figures;
  /** Which to show; all by default. 'Overdue now' only when something is. */
  names?: readonly FigureName[];
};

/**
 * A loan's figures, each under its one name (docs/decisions/051): the borrow
 * page, the schedule, the arrears help and the payment receipt all show them through this list.
 */
export function NamedFigures({ figures, names = ALL }: Props) {
  const shown = ALL.filter((n) => names.includes(n) && (n !== 'overdueNow' || figures.overdueNow > 0));
  return (
    <dl className="borrow-facts">
      {shown.map((n) => (
        <Fact key={n} term={FIGURE_NAMES[n]}>
          {figureText(n, figures)}
        </Fact>
      ))}
    </dl>
  );
}
