import { AppStatus } from '@lender/contract/status';
import { describe, expect, it } from 'vitest';
import { legalRefusal } from './enforcement-rules';
import { inNonCompliance, nonCompliancePeriods, statementCanBeLate } from './statement-compliance';

// Made 1 March 2027: the first year ends on 29 February 2028 (a Tuesday), its statement is due by 30
// March 2028; the second year ends on 28 February 2029 (a Wednesday), due by 30 March 2029.
const MADE = '2027-03-01';

describe('periods of non-compliance with s77A (s77A(5)-(7))', () => {
  it('none while a statement can still be given in time, nor once it was', () => {
    expect(statementCanBeLate(MADE, '2028-03-30')).toBe(false);
    expect(nonCompliancePeriods(MADE, [], '2028-03-30')).toEqual([]);
    expect(statementCanBeLate(MADE, '2028-03-31')).toBe(true);
    expect(nonCompliancePeriods(MADE, [{ periodSeq: 1, givenOn: '2028-03-30' }], '2028-06-01')).toEqual([]);
  });

  it('from the day after the last day, open until a statement is given; the day it is given is in it', () => {
    expect(nonCompliancePeriods(MADE, [], '2028-03-31')).toEqual([
      { periodSeq: 1, periodEnd: '2028-02-29', from: '2028-03-31', to: null },
    ]);
    const late = nonCompliancePeriods(MADE, [{ periodSeq: 1, givenOn: '2028-04-10' }], '2028-06-01');
    expect(late).toEqual([{ periodSeq: 1, periodEnd: '2028-02-29', from: '2028-03-31', to: '2028-04-10' }]);
    expect(inNonCompliance(late, '2028-03-30')).toBeNull();
    expect(inNonCompliance(late, '2028-03-31')).toEqual(late[0]);
    expect(inNonCompliance(late, '2028-04-10')).toEqual(late[0]);
    expect(inNonCompliance(late, '2028-04-11')).toBeNull();
  });

  it('each year on its own: a second statement late after a first on time', () => {
    const periods = nonCompliancePeriods(MADE, [{ periodSeq: 1, givenOn: '2028-03-02' }], '2029-04-02');
    expect(periods).toEqual([{ periodSeq: 2, periodEnd: '2029-02-28', from: '2029-03-31', to: null }]);
  });

  it('refuses the legal flag on a day of one, whatever else allows it (s77A(6)(a))', () => {
    const defaulted = {
      statusId: AppStatus.defaulted,
      defaultNoticeOn: '2028-02-01',
      remedyBy: '2028-02-17',
      defaultedOn: '2028-02-18',
    };
    expect(legalRefusal(defaulted, '2028-04-05')).toBeNull();
    const [late] = nonCompliancePeriods(MADE, [], '2028-04-05');
    expect(
      legalRefusal({ ...defaulted, lateStatement: inNonCompliance([late!], '2028-04-05') }, '2028-04-05'),
    ).toMatchObject({ code: 'annual-statement-late', message: expect.stringContaining('s77A(6)(a)') });
  });
});
