import { describe, expect, it } from 'vitest';
import { LINE_WIDTH, monthlyFile, type MonthlyAccount } from './monthly-file';

const account: MonthlyAccount = {
  accountReference: 'KL0000000042',
  openedOn: '2026-01-15',
  originalAmountPence: 30_000,
  balancePence: 12_345,
  monthlyPaymentPence: 11_000,
  status: 'D',
  arrangement: true,
  defaultedOn: '2026-03-02',
  closedOn: null,
  surname: "O'Brién",
  forename: 'Zoë',
  birthDate: '1985-06-15',
  addressLine1: '10 Downing Street',
  town: 'London',
  postcode: 'SW1A 2AA',
};

/** A field by the layout's 1-based, inclusive positions. */
const at = (line: string, pos: number, len: number) => line.slice(pos - 1, pos - 1 + len);

describe('the monthly file (docs/credit-reference-protocol.md)', () => {
  it('writes the header, one account line per account and the trailer, each 200 characters', () => {
    const file = monthlyFile('2026-03', '2026-04-01', [
      account,
      { ...account, balancePence: 5, status: '0' },
    ]);
    expect(file.endsWith('\n')).toBe(true);
    const lines = file.slice(0, -1).split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(l).toHaveLength(LINE_WIDTH);
    expect(at(lines[0]!, 1, 25)).toBe('HLENDER000120260320260401');
    const a = lines[1]!;
    expect(at(a, 1, 1)).toBe('A');
    expect(at(a, 2, 20)).toBe('KL0000000042        ');
    expect(at(a, 22, 8)).toBe('20260115');
    expect(at(a, 30, 10)).toBe('0000030000');
    expect(at(a, 40, 10)).toBe('0000012345');
    expect(at(a, 50, 10)).toBe('0000011000');
    expect(at(a, 60, 2)).toBe('DY');
    expect(at(a, 62, 8)).toBe('20260302');
    expect(at(a, 70, 8)).toBe('        ');
    expect(at(a, 78, 30).trimEnd()).toBe("O'BRIEN");
    expect(at(a, 108, 30).trimEnd()).toBe('ZOE');
    expect(at(a, 138, 8)).toBe('19850615');
    expect(at(a, 146, 30).trimEnd()).toBe('10 DOWNING STREET');
    expect(at(a, 176, 17).trimEnd()).toBe('LONDON');
    expect(at(a, 193, 8)).toBe('SW1A 2AA');
    expect(at(lines[3]!, 1, 23)).toBe('T00000002' + '00000000012350');
  });
});
