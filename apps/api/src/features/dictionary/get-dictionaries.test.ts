import { daysBetween, isWeekend, londonToday } from '@lender/contract/dates';
import { DICTIONARY_NAMES, DictionaryId, type DictionaryName } from '@lender/contract/dictionary-ids';
import { ErrorId } from '@lender/contract/error-ids';
import { isWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Query = { key: number | string; params?: string | string[] | null };
type Entry = { id: number; name: string; enableDate?: string | null };

async function getDictionaries(queries: Query[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Dictionary/GetDictionaries',
    payload: { queries },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A few entries each list must hold, as a UK lender's forms show them. */
const EXPECTED_ENTRIES: Record<DictionaryName, string[]> = {
  wageFrequencies: ['Specific date', 'Monthly', 'Weekly', 'Four weekly'],
  titles: ['Mr', 'Mrs', 'Miss', 'Ms'],
  residentalStatus: [
    'Yes, I own it with a mortgage',
    'Yes, I own it outright',
    'No, I rent it',
    'No, I live with family',
    'No, something else',
  ],
  livedInAddress: ['Less than 1 year', 'More than 5 years'],
  employmentStatus: ['Employed full-time', 'Self-employed', 'Retired', 'Unemployed'],
  loanReason: ['Car repairs or MOT', 'Household bills', 'Other'],
  maritalStatus: ['Single', 'Married', 'Divorced', 'Widowed'],
  employmentIndustry: ['Construction', 'Health and social care', 'Retail', 'Other'],
  documentCategories: ['Payslip', 'Bank statement', 'Proof of identity', 'Letter', 'Other evidence'],
};

const SPEC_WAGE_FREQUENCIES = [
  'Specific date',
  'Last working day of the month',
  'Four weekly',
  'Last friday of the month',
  'Last thursday of the month',
  'Last wednesday of the month',
  'Last tuesday of the month',
  'Last monday of the month',
  'Monthly',
  'Weekly',
  'Fortnightly',
  'Twice monthly',
];

describe('POST /api/Dictionary/GetDictionaries', () => {
  it('has the 8 dictionaries of spec section 9 with their ids, and the document categories (30)', () => {
    expect(DictionaryId).toEqual({
      wageFrequencies: 1,
      titles: 2,
      residentalStatus: 3,
      livedInAddress: 4,
      employmentStatus: 5,
      loanReason: 6,
      maritalStatus: 7,
      employmentIndustry: 29,
      documentCategories: 30,
    });
  });

  it.each(DICTIONARY_NAMES)(
    'answers %s by id, by id as text and by name, with realistic entries',
    async (name) => {
      const byId = await getDictionaries([{ key: DictionaryId[name] }]);
      const byIdText = await getDictionaries([{ key: String(DictionaryId[name]) }]);
      const byName = await getDictionaries([{ key: name }]);
      for (const r of [byId, byIdText, byName]) {
        expect(r.status).toBe(200);
        expect(r.body.error).toEqual({ errorID: 0, errorMessage: '' });
        expect(Object.keys(r.body.object)).toEqual([name]);
      }
      expect(byName.body.object).toEqual(byId.body.object);
      expect(byIdText.body.object).toEqual(byId.body.object);

      const list: Entry[] = byId.body.object[name];
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
      expect(new Set(list.map((e) => e.name)).size).toBe(list.length);
      for (const e of list) {
        expect(Number.isInteger(e.id) && e.id > 0).toBe(true);
        expect(e.name.trim()).toBe(e.name);
        expect(e.name.length).toBeGreaterThan(1);
      }
      expect(list.map((e) => e.name)).toEqual(expect.arrayContaining(EXPECTED_ENTRIES[name]));
    },
  );

  it('offers the home answers people give, in this order, and no retired tenancy (issue 31)', async () => {
    const { body } = await getDictionaries([{ key: 'residentalStatus' }]);
    expect(body.object.residentalStatus).toEqual([
      { id: 1, name: 'Yes, I own it with a mortgage' },
      { id: 2, name: 'Yes, I own it outright' },
      { id: 7, name: 'No, I rent it' },
      { id: 5, name: 'No, I live with family' },
      { id: 6, name: 'No, something else' },
    ]);
  });

  it('lists the wage frequencies the spec names, in its order', async () => {
    const { body } = await getDictionaries([{ key: 'wageFrequencies' }]);
    expect(body.object.wageFrequencies.map((e: Entry) => e.name)).toEqual(SPEC_WAGE_FREQUENCIES);
  });

  it("gives 'Specific date' and the 'Last <weekday> of the month' frequencies an enableDate a working day >= 7 days ahead (Europe/London), the others null", async () => {
    const before = londonToday();
    const { body } = await getDictionaries([{ key: 1 }]);
    const after = londonToday();
    const list: Entry[] = body.object.wageFrequencies;
    const fixing = list.filter(
      (e) => e.name === 'Specific date' || /^Last \w+day of the month$/.test(e.name),
    );
    expect(fixing.map((e) => e.name)).toEqual([
      'Specific date',
      'Last friday of the month',
      'Last thursday of the month',
      'Last wednesday of the month',
      'Last tuesday of the month',
      'Last monday of the month',
    ]);
    for (const e of fixing) {
      expect(e.enableDate, e.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const date = e.enableDate!;
      expect(isWeekend(date), `${e.name} ${date}`).toBe(false);
      expect(isWorkingDay(date), `${e.name} ${date}`).toBe(true);
      // A request that straddles midnight may have used either day.
      expect(daysBetween(after, date)).toBeGreaterThanOrEqual(6);
      expect(daysBetween(before, date)).toBeGreaterThanOrEqual(7);
      // Seven days, then at most a long bank-holiday weekend forward.
      expect(daysBetween(before, date)).toBeLessThanOrEqual(12);
    }
    for (const e of list.filter((x) => !fixing.includes(x))) {
      expect(e.enableDate, e.name).toBeNull();
    }
  });

  it.each([['small'], [['small']], [['other', 'small']]])(
    'answers the shorter wage-frequency list for params %j',
    async (params) => {
      const full: Entry[] = (await getDictionaries([{ key: 1 }])).body.object.wageFrequencies;
      const { status, body } = await getDictionaries([{ key: 1, params: params as string | string[] }]);
      expect(status).toBe(200);
      const small: Entry[] = body.object.wageFrequencies;
      expect(small.length).toBeGreaterThan(0);
      expect(small.length).toBeLessThan(full.length);
      // A subset of the full list, in the same order.
      const fullIds = full.map((e) => e.id);
      expect(small.map((e) => e.id)).toEqual(fullIds.filter((id) => small.some((s) => s.id === id)));
      expect(small.map((e) => e.name)).toContain('Monthly');
    },
  );

  it('ignores a params value that is not small', async () => {
    const full = (await getDictionaries([{ key: 1 }])).body.object.wageFrequencies;
    const other = (await getDictionaries([{ key: 1, params: 'big' }])).body.object.wageFrequencies;
    const none = (await getDictionaries([{ key: 1, params: null }])).body.object.wageFrequencies;
    expect(other).toEqual(full);
    expect(none).toEqual(full);
  });

  it('answers several dictionaries at once, and only those', async () => {
    const { status, body } = await getDictionaries([
      { key: 1, params: 'small' },
      { key: 2 },
      { key: 'maritalStatus' },
      { key: 29 },
    ]);
    expect(status).toBe(200);
    expect(body.error.errorID).toBe(0);
    expect(Object.keys(body.object).sort()).toEqual([
      'employmentIndustry',
      'maritalStatus',
      'titles',
      'wageFrequencies',
    ]);
    expect(body.object.titles.map((e: Entry) => e.name)).toContain('Mr');
  });

  it('answers all 8 in one request', async () => {
    const { body } = await getDictionaries(DICTIONARY_NAMES.map((key) => ({ key })));
    expect(Object.keys(body.object).sort()).toEqual([...DICTIONARY_NAMES].sort());
  });

  it.each([['nope'], [999], [8], ['1.5'], ['']])(
    'refuses the unknown key %j with 400 and the message on that key',
    async (key) => {
      const { status, body } = await getDictionaries([{ key: 2 }, { key }]);
      expect(status).toBe(400);
      expect(body).toEqual({
        error: { errorID: 400, errorMessage: Msg.dictionaryKey },
        object: { fields: { 'queries.1.key': Msg.dictionaryKey } },
      });
    },
  );

  it.each([
    ['no queries', { queries: [] }],
    ['no body fields', {}],
    ['a key of the wrong type', { queries: [{ key: true }] }],
    [
      'too many queries',
      { queries: Array.from({ length: DICTIONARY_NAMES.length + 1 }, () => ({ key: 1 })) },
    ],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Dictionary/GetDictionaries', payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.errorID).toBe(ErrorId.validation);
  });
});
