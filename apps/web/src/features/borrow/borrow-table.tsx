import { useId, type ReactNode } from 'react';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned and kept on one line. */
  numeric?: boolean;
};

type Props<Row> = {
  /** The section's heading and the table's caption at once (an h2 inside the caption). */
  title: string;
  /** What the section says instead of an empty table. */
  empty: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The first column names its row (a date, say): a row header, so each cell is read with it. */
  rowHeader?: boolean;
};

/**
 * A table of the borrow area. At 360 px the wider ones scroll sideways inside their own region, and a
 * keyboard user can only scroll a region that takes focus, so the wrapper is focusable and named by
 * the section's heading (WCAG 2.1.1; axe scrollable-region-focusable). The heading stays outside the
 * scrolling part so it never scrolls out of view; the table's own caption says the same to a screen
 * reader.
 */
export function BorrowTable<Row>({ title, empty, columns, rows, rowHeader = true }: Props<Row>) {
  const id = useId();
  if (rows.length === 0) {
    return (
      <section className="borrow__section" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <p className="borrow__empty">{empty}</p>
      </section>
    );
  }
  // Not a <section> named by the heading: the scrolling region below is the landmark, under that name.
  return (
    <div className="borrow__section">
      <h2 id={id}>{title}</h2>
      <div className="borrow-table" role="region" aria-labelledby={id} tabIndex={0}>
        <table>
          {/* The heading above says it on screen; the caption names the table itself. */}
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.numeric ? 'borrow-table__figure' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // The rows are a fixed statement, never reordered or edited: the index is their identity.
              <tr key={i}>
                {columns.map((c, j) => {
                  const className = c.numeric ? 'borrow-table__figure' : undefined;
                  return rowHeader && j === 0 ? (
                    <th key={c.header} scope="row" className={className}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className={className}>
                      {c.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
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
