import { describe, expect, it } from 'vitest';
import { createAgreementFacts } from '../test/agreement-facts';
import { agreementDocuments } from './documents';
import { renderHtml } from './render-html';

const NAME = '<script>alert(1)</script>';
const ADDRESS = '"><img src=x onerror=alert(1)>';

describe('renderHtml', () => {
  const hostile = createAgreementFacts({
    customer: { fullName: NAME, address: ADDRESS, email: 'a@example.com', mobile: '07700 900123' },
  });
  const docs = agreementDocuments(hostile);

  it.each(['contract1', 'contract2', 'contract3'] as const)(
    '%s shows a hostile name and address as text',
    (key) => {
      const html = renderHtml(docs[key]);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    },
  );

  it.each(['contract1', 'contract2', 'contract3'] as const)(
    '%s is plain semantic markup: no attribute but a header cell’s scope',
    (key) => {
      const html = renderHtml(agreementDocuments(createAgreementFacts())[key]);
      const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/g)];
      const allowed = [
        'h2',
        'h3',
        'p',
        'strong',
        'ul',
        'li',
        'table',
        'caption',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
      ];
      for (const [, tag] of tags) expect(allowed).toContain(tag);
      for (const [, tag, attributes] of tags) {
        if (tag === 'th') expect(attributes).toMatch(/^ scope="(row|col)"$/);
        else expect(attributes).toBe('');
      }
      expect(html.match(/<h2>/g)).toHaveLength(1);
    },
  );

  it('names every table, by a caption or by the heading just before it', () => {
    for (const doc of Object.values(agreementDocuments(createAgreementFacts()))) {
      doc.blocks.forEach((block, i) => {
        if (block.kind === 'table' && !block.caption) expect(doc.blocks[i - 1]?.kind).toBe('heading');
      });
    }
  });

  it('renders every block kind as its element', () => {
    const html = renderHtml({
      title: 'T & C',
      blocks: [
        { kind: 'heading', text: 'H' },
        { kind: 'paragraph', text: 'P' },
        { kind: 'paragraph', text: 'Bold', important: true },
        { kind: 'list', items: ['a', 'b'] },
        { kind: 'table', caption: 'C', columns: ['X', 'Y'], rows: [['1', '2']] },
        { kind: 'table', rowHeaders: true, rows: [['Label', 'Value']] },
      ],
    });
    expect(html.split('\n')).toEqual([
      '<h2>T &amp; C</h2>',
      '<h3>H</h3>',
      '<p>P</p>',
      '<p><strong>Bold</strong></p>',
      '<ul><li>a</li><li>b</li></ul>',
      '<table><caption>C</caption><thead><tr><th scope="col">X</th><th scope="col">Y</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      '<table><tbody><tr><th scope="row">Label</th><td>Value</td></tr></tbody></table>',
    ]);
  });
});
