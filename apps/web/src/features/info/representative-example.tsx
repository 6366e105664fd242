import type { RepresentativeExample } from '@lender/contract/pricing/representative-example';
import { formatApr, formatPounds, formatRate } from '@lender/contract/pricing/format';
import { formatPence } from '@lender/contract/money';
import { provider, standard } from 'virtual:representative-example';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table';

/**
 * The instalment, or each of them, one per line, when the last one differs: the customer sees the
 * different last payment rather than an average, and the column stays narrow enough for 360 px.
 */
function instalments(example: RepresentativeExample): ReactNode {
  const amounts = example.instalmentsPence.map(formatPence);
  if (new Set(amounts).size <= 1) return amounts[0] ?? '';
  return (
    <ul className="info-table__amounts">
      {amounts.map((amount, i) => (
        <li key={i}>{amount}</li>
      ))}
    </ul>
  );
}

const ROWS: [figure: string, show: (example: RepresentativeExample) => ReactNode][] = [
  ['Interest', (e) => formatPence(e.totalInterestPence)],
  ['Total payable', (e) => formatPence(e.totalRepayablePence)],
  ['Instalment', instalments],
  ['Fixed rate per year', (e) => formatRate(e.annualRatePercent)],
  ['Rate per day', (e) => formatRate(e.dailyRatePercent)],
  ['Representative APR', (e) => formatApr(e.aprPercent)],
];

/**
 * The representative example table of spec section 1, in the spec's layout, with the figures the
 * contract's pricing engine computes for both daily rates (`representativeExamples()`, made into data at
 * build time). The home page and the footer print the same standard-rate example.
 */
export function RepresentativeExampleTable() {
  return (
    <ScrollTable
      caption={`Representative example: credit of ${formatPounds(standard.principalPence)} over ${standard.termDays} days, repaid in ${standard.instalmentsPence.length} instalments`}
    >
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Normal</th>
          <th scope="col">Visitors arriving via a provider</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map(([figure, show]) => (
          <tr key={figure}>
            <th scope="row">{figure}</th>
            <td>{show(standard)}</td>
            <td>{show(provider)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
