import { stage3Schema } from '@lender/contract/calls/register-stages';
import { changeAddressSchema } from '@lender/contract/calls/account';
import { dictionaryIdField } from '@lender/contract/rules/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDictionaries, type StoredDictionaries } from '../lib/dictionary-store';
import { createTestApp, type TestApp } from '../test/test-app';
import { dictionaryFieldsOf, dictionaryIdCheckFor } from './dictionary-ids';

let t: TestApp;
let dictionaries: StoredDictionaries;
beforeAll(async () => {
  t = await createTestApp();
  dictionaries = await loadDictionaries(t.ctx.db);
});
afterAll(() => t?.close());

describe("a request's dictionary-backed fields, read from its schema", () => {
  it("finds every field stage 3's schema makes with dictionaryIdField, under its payload path", () => {
    const paths = dictionaryFieldsOf(stage3Schema).map((f) => [f.path.join('.'), f.dictionary]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['residentalStatusID', 'residentalStatus'],
        ['liveInAddressID', 'livedInAddress'],
        ['maritalStatusID', 'maritalStatus'],
        ['employmentDetail.employmentTypeID', 'employmentStatus'],
        ['employmentDetail.employmentIndustryID', 'employmentIndustry'],
        ['finData.loanPurposeID', 'loanReason'],
      ]),
    );
    expect(paths).toHaveLength(6);
  });

  it('looks through optional, nullable and list wrappers', () => {
    const schema = z.object({
      a: dictionaryIdField('Pick a title.', 'titles').optional(),
      list: z.array(z.object({ b: dictionaryIdField('Pick a reason.', 'loanReason') })).nullable(),
    });
    expect(dictionaryFieldsOf(schema).map((f) => f.path.join('.'))).toEqual(['a', 'list.*.b']);
  });
});

describe('the check against the seeded dictionaries', () => {
  it("passes known ids and refuses unknown ones with the field's own message", () => {
    const check = dictionaryIdCheckFor(dictionaries, changeAddressSchema)!;
    expect(check({ livedInAddressID: 1, residentalStatusID: 1 })).toEqual({});
    // An id of another dictionary is not enough: the check is per dictionary.
    expect(check({ livedInAddressID: 999, residentalStatusID: 1 })).toEqual({
      livedInAddressID: 'Please enter how long have you lived there.',
    });
  });

  it('names each element of a list by its index, and skips a field left out', () => {
    const schema = z.object({
      a: dictionaryIdField('Pick a title.', 'titles').optional(),
      list: z.array(z.object({ b: dictionaryIdField('Pick a reason.', 'loanReason') })),
    });
    const check = dictionaryIdCheckFor(dictionaries, schema)!;
    expect(check({ list: [{ b: 1 }, { b: 9999 }] })).toEqual({ 'list.1.b': 'Pick a reason.' });
  });

  it('is no check at all for a schema without dictionary fields', () => {
    expect(dictionaryIdCheckFor(dictionaries, z.object({ x: z.number() }))).toBeNull();
  });
});
