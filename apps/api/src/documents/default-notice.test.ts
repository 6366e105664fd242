import { formatDisplayDate } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import type { Block } from './blocks';
import {
  DEFAULT_NOTICE_STATEMENTS,
  defaultNotice,
  S88_MINIMUM_DAYS,
  type DefaultNoticeFacts,
} from './default-notice';

/*
 * The default notice against the 1983 Regulations as amended by SI 2020/1248 (decision notice-wording):
 * the Schedule 2 statements word for word, in order, the only bold text, never in capitals; the remedy
 * date at least 14 days after the notice (s88(2)).
 */

const facts: DefaultNoticeFacts = {
  borrower: 'Ada Lovelace',
  borrowerAddress: '12 Analytical Row, London N1 1AA',
  agreementNumber: 4021,
  agreementDate: '2026-01-05',
  givenOn: '2026-03-02',
  remedyBy: '2026-03-18',
  overdue: [{ dueDate: '2026-02-02', unpaidPence: 13280 }],
  remedySumPence: 13280,
  feeDuePence: 1500,
  balancePence: 39848,
};

/** The prescribed statements, word for word, in the order the notice gives them. */
const STATEMENTS_IN_ORDER = [
  'Important – You should read this carefully.',
  'If the action required by this notice is taken before the date shown, no further enforcement action will be taken in respect of the breach.',
  'If you do not take the action required by this notice before the date shown then the further action set out below may be taken against you.',
  'If you have difficulty in paying any sum owing under the agreement or taking any other action required by this notice, you can apply to the court which may make an order allowing you more time.',
  'If you are not sure what to do, you should get help as soon as possible. You can get free, independent debt advice from:',
  'A copy of the current default information sheet produced by the Financial Conduct Authority is enclosed with this notice. It explains what this notice means and where to get help.',
];

const paragraphs = (blocks: readonly Block[]) => blocks.flatMap((b) => (b.kind === 'paragraph' ? [b] : []));

/** Every text a block draws. */
const textsOf = (b: Block): string[] =>
  b.kind === 'list' ? [...b.items] : b.kind === 'table' ? [...(b.columns ?? []), ...b.rows.flat()] : [b.text];

describe('the default notice and Schedule 2 (SI 1983/1561 as amended by SI 2020/1248)', () => {
  const notice = defaultNotice(facts);

  it('gives every prescribed statement word for word, in order, and in bold', () => {
    const bold = paragraphs(notice.blocks)
      .filter((p) => p.important)
      .map((p) => p.text);
    expect(bold).toEqual(STATEMENTS_IN_ORDER);
    // The list the test checks is the list the notice uses, so neither changes without the other.
    expect(STATEMENTS_IN_ORDER).toEqual(
      Object.entries(DEFAULT_NOTICE_STATEMENTS)
        .filter(([key]) => key !== 'served')
        .map(([, text]) => text),
    );
  });

  it('opens with the s87(1) statement, not given the statements’ prominence', () => {
    const [first] = notice.blocks;
    expect(first).toEqual({ kind: 'paragraph', text: DEFAULT_NOTICE_STATEMENTS.served });
  });

  it('puts nothing else in bold: the sum to pay is plain text', () => {
    const pay = paragraphs(notice.blocks).find((p) => p.text.startsWith('Pay £132.80 on or before'));
    expect(pay).toEqual({
      kind: 'paragraph',
      text: `Pay £132.80 on or before ${formatDisplayDate(facts.remedyBy)}.`,
    });
  });

  it('uses no block capitals for prominence anywhere', () => {
    // Three or more words of capitals in a row is shouting; single acronyms (FCA) and postcodes are not.
    const shouting = /\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/;
    for (const text of notice.blocks.flatMap(textsOf)) expect(text, text).not.toMatch(shouting);
    for (const text of STATEMENTS_IN_ORDER) expect(text).not.toBe(text.toUpperCase());
  });

  it('refuses a remedy date less than 14 days after the notice (s88(2))', () => {
    expect(S88_MINIMUM_DAYS).toBe(14);
    expect(() => defaultNotice({ ...facts, remedyBy: '2026-03-15' })).toThrow(
      "A default notice's remedy date must be at least 14 days after it is given.",
    );
    expect(defaultNotice({ ...facts, remedyBy: '2026-03-16' }).title).toBe('Default notice');
  });

  it('names the FCA’s default information sheet, never the arrears sheet', () => {
    const texts = notice.blocks.flatMap(textsOf).join('\n');
    expect(texts).toContain(
      'Default information sheet, Financial Conduct Authority: https://www.fca.org.uk/firms/information-sheets-consumer-credit',
    );
    expect(texts).not.toMatch(/arrears information sheet/i);
  });
});
