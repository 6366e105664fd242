import type { CreditSearches } from '@lender/contract/calls/credit-reference';
import { formatDisplayDate } from '@lender/contract/dates';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { StackedTable, type StackedColumn } from '../../components/table/stacked-table';
import { useCreditSearches } from './get-credit-searches';

type Search = CreditSearches['searches'][number];

const COLUMNS: readonly StackedColumn<Search>[] = [
  { header: 'Date', cell: (s) => formatDisplayDate(s.searchedOn), lead: true },
  { header: 'Search', cell: (s) => (s.kind === 'soft' ? 'Soft search' : 'Hard search'), lead: true },
  { header: 'Agency', cell: (s) => s.agency },
];

/**
 * The searches of the customer's credit file we made (issue 47): when, soft or hard, and with which
 * agency, so what their credit file shows can be matched to us.
 */
export function Component() {
  const searches = useCreditSearches();
  return (
    <Page heading="Credit searches" narrow>
      <p>
        The searches of your credit file we made. A soft search does not affect your credit score and other
        lenders cannot see it. A hard search is made before a loan agreement: other lenders can see it on your
        credit file.
      </p>
      {searches.data ? (
        searches.data.searches.length > 0 ? (
          <StackedTable
            caption="Searches of your credit file"
            columns={COLUMNS}
            rows={searches.data.searches}
            rowHeader
            rowKey={(s, i) => `${s.searchedOn}-${s.kind}-${i}`}
          />
        ) : (
          <p>We have not searched your credit file.</p>
        )
      ) : (
        <p aria-busy="true">Loading your credit searches…</p>
      )}
      <p>
        How we use credit reference agencies, and how to get your credit file from them free of charge, is in
        our <Link to="/info/privacy-policy#credit-reference-agencies">privacy policy</Link>.
      </p>
    </Page>
  );
}
