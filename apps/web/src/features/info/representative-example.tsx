import { ScrollTable } from './scroll-table';

/**
 * The representative example of spec section 1, exactly as the spec gives it (the footer prints the same
 * figures). docs/decisions/005 records why the figures are copied rather than computed here.
 */
const ROWS = [
  ['Interest', '£150.57', '£139.14'],
  ['Total payable', '£450.57', '£439.14'],
  ['Instalment', '£150.19', '£146.38'],
  ['Fixed rate per year', '292%', '219%'],
  ['Rate per day', '0.8%', '0.6%'],
  ['Representative APR', '1,151.80%', '986.0%'],
] as const;

export function RepresentativeExampleTable() {
  return (
    <ScrollTable caption="Representative example: credit of £300 over 90 days, repaid in 3 instalments">
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Normal</th>
          <th scope="col">Visitors arriving via a provider</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map(([figure, normal, provider]) => (
          <tr key={figure}>
            <th scope="row">{figure}</th>
            <td>{normal}</td>
            <td>{provider}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
