import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionaries } from './dictionary-store';
import { createTestApp, type TestApp } from '../test/test-app';
import { dictionaryIdCheck, type DictionaryIdCheck } from './dictionary-id-check';

let t: TestApp;
let check: DictionaryIdCheck;
beforeAll(async () => {
  t = await createTestApp();
  check = dictionaryIdCheck(await loadDictionaries(t.ctx.db));
});
afterAll(() => t?.close());

describe('dictionary id check, against the seeded dictionaries', () => {
  it('knows the entries of each dictionary and nothing else', () => {
    expect(check({ titleId: ['titles', 1], maritalStatusId: ['maritalStatus', 7] })).toEqual([]);
    expect(
      check({
        titleId: ['titles', 999],
        wageFrequencyId: ['wageFrequencies', 12],
        // An id of another dictionary is not enough: titles stop at 6.
        other: ['titles', 12],
      }),
    ).toEqual(['titleId', 'other']);
  });
});
