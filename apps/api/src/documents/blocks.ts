/**
 * The one model of an agreement document that both the HTML and the PDF are rendered from, so the two
 * cannot say different things. Text is plain (never markup): each renderer escapes or encodes it.
 */
export type Block =
  | { kind: 'heading'; text: string }
  /** `important`: a statutory or attention notice, shown in bold. */
  | { kind: 'paragraph'; text: string; important?: boolean }
  | { kind: 'list'; items: string[] }
  | Table;

export type Table = {
  kind: 'table';
  /** Names the table when no heading just before it does. */
  caption?: string;
  /** Column headings; none for a two-column table of label and value. */
  columns?: string[];
  /** The first cell of each row is its heading (label and value tables). */
  rowHeaders?: boolean;
  rows: string[][];
};

export type AgreementDocument = { title: string; blocks: Block[] };

/** Every piece of text of a document in reading order: what either rendering must show, and nothing else. */
export function documentText(doc: AgreementDocument): string[] {
  return [
    doc.title,
    ...doc.blocks.flatMap((block): string[] => {
      switch (block.kind) {
        case 'heading':
        case 'paragraph':
          return [block.text];
        case 'list':
          return block.items;
        case 'table':
          return [...(block.caption ? [block.caption] : []), ...(block.columns ?? []), ...block.rows.flat()];
      }
    }),
  ];
}
