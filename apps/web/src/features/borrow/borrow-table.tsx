import { useId, type ReactNode } from 'react';
import { StackedTable, type StackedColumn } from '../../components/table/stacked-table';

export type Column<Row> = StackedColumn<Row>;

type Props<Row> = {
  /** The section's heading and the table's caption at once. */
  title: string;
  /** What the section says instead of an empty table. */
  empty: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The first column names its row (a date, say): a row header, so each cell is read with it. */
  rowHeader?: boolean;
};

/**
 * A table of the borrow area under its heading: the signed-in pages' one table pattern (StackedTable),
 * whose rows become blocks in a narrow column rather than scroll sideways (issue 45). The heading says
 * the name on screen; the table's own caption says the same to a screen reader.
 */
export function BorrowTable<Row>({ title, empty, columns, rows, rowHeader = true }: Props<Row>) {
  const id = useId();
  return (
    <section className="borrow__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="borrow__empty">{empty}</p>
      ) : (
        <StackedTable caption={title} columns={columns} rows={rows} rowHeader={rowHeader} />
      )}
    </section>
  );
}

/** One line of a summary list: what it is and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="borrow-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
