import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { AgreementDocument, Block, Table } from './blocks';
import { wrapText } from './pdf-text';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 56;
/** Room above for the running header and below for the page number. */
export const TOP = PAGE_HEIGHT - 76;
export const BOTTOM = 64;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;

const BODY = 10;
const HEADING = 12;
const TITLE = 16;
const LEADING = 1.35;
const CELL_PADDING = 4;
const BULLET_INDENT = 14;
const GREY = rgb(0.55, 0.55, 0.55);
const HEADER_FILL = rgb(0.92, 0.92, 0.92);

export type Fonts = { regular: PDFFont; bold: PDFFont; clean: (text: string) => string };
type Cell = { lines: string[]; font: PDFFont; x: number; width: number };

/**
 * Lays blocks out on A4 pages from the top down: wrapped lines, a new page when the next line or table
 * row does not fit, column headings repeated on a table's new page. Page furniture is drawn afterwards,
 * once the number of pages is known.
 */
export class PdfWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {}

  document(doc: AgreementDocument) {
    this.newPage();
    this.lines([this.fonts.clean(doc.title)], this.fonts.bold, TITLE, MARGIN);
    this.y -= BODY;
    for (const block of doc.blocks) this.block(block);
  }

  private newPage() {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = TOP;
  }

  private room = (height: number) => this.y - height >= BOTTOM;

  private lines(lines: string[], font: PDFFont, size: number, x: number) {
    for (const line of lines) {
      if (!this.room(size * LEADING)) this.newPage();
      this.page.drawText(line, { x, y: this.y - size, size, font });
      this.y -= size * LEADING;
    }
  }

  private wrap(text: string, font: PDFFont, size: number, width: number) {
    return wrapText(this.fonts.clean(text), font, size, width);
  }

  private block(b: Block) {
    const { regular, bold } = this.fonts;
    switch (b.kind) {
      case 'heading': {
        const lines = this.wrap(b.text, bold, HEADING, WIDTH);
        // A heading never ends a page: it keeps its first line of text with it.
        if (!this.room(HEADING * (LEADING + 1) + lines.length * HEADING * LEADING)) this.newPage();
        else this.y -= HEADING * 0.5;
        this.lines(lines, bold, HEADING, MARGIN);
        break;
      }
      case 'paragraph': {
        const font = b.important ? bold : regular;
        this.lines(this.wrap(b.text, font, BODY, WIDTH), font, BODY, MARGIN);
        break;
      }
      case 'list':
        for (const item of b.items) {
          const lines = this.wrap(item, regular, BODY, WIDTH - BULLET_INDENT);
          if (!this.room(BODY * LEADING)) this.newPage();
          this.page.drawText('•', { x: MARGIN + 2, y: this.y - BODY, size: BODY, font: regular });
          this.lines(lines, regular, BODY, MARGIN + BULLET_INDENT);
        }
        break;
      case 'table':
        this.table(b);
        break;
    }
    this.y -= BODY * 0.6;
  }

  private table(t: Table) {
    const { regular, bold } = this.fonts;
    const count = t.columns?.length ?? t.rows[0]?.length ?? 1;
    // A label column a little narrower than its values; otherwise equal columns.
    const shares = t.rowHeaders && count === 2 ? [0.36, 0.64] : Array<number>(count).fill(1 / count);
    const xs = shares.map((_, i) => MARGIN + WIDTH * shares.slice(0, i).reduce((a, b) => a + b, 0));
    const cells = (texts: string[], fontOf: (i: number) => PDFFont): Cell[] =>
      texts.map((text, i) => {
        const width = WIDTH * (shares[i] ?? 0);
        const font = fontOf(i);
        return {
          lines: this.wrap(text, font, BODY, width - 2 * CELL_PADDING),
          font,
          x: xs[i] ?? MARGIN,
          width,
        };
      });
    const head = t.columns && cells(t.columns, () => bold);
    const headHeight = head ? rowHeight(head) : 0;
    const rows = t.rows.map((texts) => cells(texts, (i) => (t.rowHeaders && i === 0 ? bold : regular)));
    const caption = t.caption ? this.wrap(t.caption, bold, BODY, WIDTH) : [];
    // The caption and column headings stay with the first row.
    const start = caption.length * BODY * LEADING + headHeight + rowHeight(rows[0] ?? []);
    if (!this.room(start) && this.y < TOP) this.newPage();
    if (caption.length) {
      this.lines(caption, bold, BODY, MARGIN);
      this.y -= BODY * 0.3;
    }
    if (head) this.row(head, true);
    for (const row of rows) {
      // A row moves whole to the next page, unless it is taller than a page and starts one anyway.
      if (!this.room(rowHeight(row)) && this.y < TOP - headHeight) {
        this.newPage();
        if (head) this.row(head, true);
      }
      this.row(row, false);
    }
  }

  /** One table row; a row taller than a whole page continues on the next (rare: a very long cell). */
  private row(row: Cell[], heading: boolean) {
    let rest = row;
    while (rest.some((cell) => cell.lines.length > 0)) {
      const fit = Math.max(1, Math.floor((this.y - BOTTOM - 2 * CELL_PADDING) / (BODY * LEADING)));
      const part = rest.map((cell) => ({ ...cell, lines: cell.lines.slice(0, fit) }));
      rest = rest.map((cell) => ({ ...cell, lines: cell.lines.slice(fit) }));
      const height = rowHeight(part);
      for (const cell of part) {
        this.page.drawRectangle({
          x: cell.x,
          y: this.y - height,
          width: cell.width,
          height,
          borderColor: GREY,
          borderWidth: 0.5,
          ...(heading ? { color: HEADER_FILL } : {}),
        });
        cell.lines.forEach((line, n) => {
          const y = this.y - CELL_PADDING - BODY - n * BODY * LEADING;
          this.page.drawText(line, { x: cell.x + CELL_PADDING, y, size: BODY, font: cell.font });
        });
      }
      this.y -= height;
      if (rest.some((cell) => cell.lines.length > 0)) this.newPage();
    }
  }
}

const rowHeight = (row: Cell[]) =>
  Math.max(1, ...row.map((cell) => cell.lines.length)) * BODY * LEADING +
  2 * CELL_PADDING -
  BODY * (LEADING - 1);
