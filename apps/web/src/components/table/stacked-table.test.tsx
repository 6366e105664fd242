import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedTable, type StackedColumn } from './stacked-table';

type Line = { date: string; principal: string; pmt: string; status: string; fee: string };

const COLUMNS: readonly StackedColumn<Line>[] = [
  { header: 'Due date', cell: (l) => l.date },
  { header: 'Principal', cell: (l) => l.principal, numeric: true },
  { header: 'Payment', cell: (l) => l.pmt, numeric: true, lead: true },
  { header: 'Status', cell: (l) => l.status, lead: true },
  { header: 'Fee', cell: (l) => l.fee, numeric: true },
];

const LINES: Line[] = [
  { date: '12-12-2026', principal: '£100.00', pmt: '£132.83', status: 'Due', fee: '' },
  { date: '12-01-2027', principal: '£100.00', pmt: '£125.65', status: 'Due', fee: '£15.00' },
];

describe('StackedTable (issue 45: the signed-in pages’ tables on a phone)', () => {
  it('keeps table semantics by explicit roles, whatever display the stacked layout gives each part', () => {
    render(<StackedTable caption="Payment plan" columns={COLUMNS} rows={LINES} />);
    const table = screen.getByRole('table', { name: 'Payment plan' });
    expect(table!.getAttribute('role')).toBe('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row!.getAttribute('role')).toBe('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Due date', 'Principal', 'Payment', 'Status', 'Fee']);
    for (const h of within(table).getAllByRole('columnheader'))
      expect(h!.getAttribute('role')).toBe('columnheader');
    const [first] = within(table).getAllByRole('rowheader');
    expect(first!.getAttribute('role')).toBe('rowheader');
    expect(first!.textContent).toBe('12-12-2026');
    // Every cell of a row is a cell of the table, a blank one too: a screen reader counts the columns.
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['£100.00', '£132.83', 'Due', '']);
  });

  it('labels each value with its column for the stacked block, and marks what comes first and what is blank', () => {
    render(<StackedTable caption="Payment plan" columns={COLUMNS} rows={LINES} />);
    const row = screen.getAllByRole('row')[1]!;
    const cells = [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')];
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([
      'Due date',
      'Principal',
      'Payment',
      'Status',
      'Fee',
    ]);
    // The date, the payment and the status lead the block; principal and fee follow.
    expect(cells.map((c) => c.classList.contains('stacked-table__lead'))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(cells.map((c) => c.classList.contains('stacked-table__blank'))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    // Figures are marked to stay whole on one line (never cut to '£13…').
    expect(cells[2]!.classList.contains('stacked-table__figure')).toBe(true);
    // The label is drawn by CSS, not written into the cell: its text is the value alone.
    expect(cells[2]!.textContent).toBe('£132.83');
  });

  it('without a row header every cell of a row is a cell; named by aria-label, it has no caption', () => {
    render(<StackedTable label="Statement" columns={COLUMNS} rows={LINES} rowHeader={false} />);
    const table = screen.getByRole('table', { name: 'Statement' });
    expect(table.querySelector('caption')).toBeNull();
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')).toHaveLength(5);
  });
});
