import type { Key, ReactNode } from 'react';
import './stacked-table.css';

export type StackedColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned and kept on one line (never cut). */
  numeric?: boolean;
  /**
   * Comes first in a row's block on a narrow screen, with the row's first cell: what a person looks
   * for (date, amount, status). The rest (principal, interest, balance…) follow.
   */
  lead?: boolean;
};

type Props<Row> = (
  | {
      /** The table's name, as a caption a screen reader reads (a heading above says it on screen). */
      caption: string;
      label?: never;
    }
  | {
      /** The table's name as its aria-label, where text on screen beside it says it already (a fold's summary). */
      label: string;
      caption?: never;
    }
) & {
  columns: readonly StackedColumn<Row>[];
  rows: readonly Row[];
  /** The first column names its row (a date, say): a row header, so each cell is read with it. */
  rowHeader?: boolean;
  rowKey?: (row: Row, index: number) => Key;
};

/** Where the table stops fitting and stacks (stacked-table.css): by its number of columns. */
const stackingClass = (columns: number) =>
  columns <= 2 ? 'stacked-table--two' : columns === 3 ? 'stacked-table--few' : 'stacked-table--many';

/** A cell with nothing in it: a stacked block leaves it out rather than show a label with no value. */
const isBlank = (value: ReactNode) =>
  value === '' || value === null || value === undefined || value === false;

/**
 * A data table of the signed-in pages, one pattern for all (issue 45 item 7). Where its column has room,
 * it is an ordinary table; in a column too narrow for its columns (36rem for four or more, 28rem for
 * three: a container query, stacked-table.css, so a narrow column of a wide page counts) each row
 * becomes a block, its lead cells first, each
 * value beside its column's label, so nothing scrolls sideways or is cut at 320 px.
 *
 * A block's labels are the cells' data-label, drawn before each value (::before) with an empty
 * alternative text: a screen reader already reads each cell with its column header, and a cell's text
 * (what tests and copy-paste see) stays its value alone. The roles are explicit because a table whose parts are given another `display` loses its table
 * semantics in some browsers (Safari, older Chrome); with role="table"/"row"/"cell"… it keeps them.
 */
export function StackedTable<Row>({ caption, label, columns, rows, rowHeader = true, rowKey }: Props<Row>) {
  return (
    <div className={`stacked-table ${stackingClass(columns.length)}`}>
      <table role="table" aria-label={label}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                role="columnheader"
                className={c.numeric ? 'stacked-table__figure' : undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, i) => (
            // The rows are a fixed statement, never reordered or edited: the index is their identity.
            <tr key={rowKey ? rowKey(row, i) : i} role="row">
              {columns.map((c, j) => {
                const value = c.cell(row);
                const head = rowHeader && j === 0;
                const className = [
                  'stacked-table__cell',
                  c.numeric && 'stacked-table__figure',
                  (c.lead || j === 0) && 'stacked-table__lead',
                  isBlank(value) && 'stacked-table__blank',
                ]
                  .filter(Boolean)
                  .join(' ');
                const content = <span className="stacked-table__value">{value}</span>;
                return head ? (
                  <th key={c.header} scope="row" role="rowheader" className={className} data-label={c.header}>
                    {content}
                  </th>
                ) : (
                  <td key={c.header} role="cell" className={className} data-label={c.header}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
