import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from '../api-calls';
import { addDays, londonToday } from '../dates';
import { nextWorkingDay } from '../pricing/bank-holidays';

/**
 * What the OpenAPI document says about a request, against what the schema does with it. The document's
 * request schemas are `z.toJSONSchema(schema, { io: 'input' })` (fastify-type-provider-zod's
 * jsonSchemaTransform, JSON Schema 2020-12 in OpenAPI 3.1), read here by Ajv as an integrator would.
 */

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const documentOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const compiled = new Map<z.ZodType, ValidateFunction>();
const documentAllows = (schema: z.ZodType, value: unknown) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(documentOf(schema))));
  return validate(value);
};

const workingDayAhead = (days: number) => nextWorkingDay(addDays(londonToday(), days));

const stage1 = {
  productId: 11,
  amount: 300,
  duration: 3,
  titleId: 2,
  firstName: 'Jane',
  lastName: 'Doe',
  dob: '1990-05-01',
  email: 'jane@example.com',
  isResident: true,
  autoAddress: true,
  postCode: 'SW1A 2AA',
  address: '10 Downing Street, London, SW1A 2AA',
  mobile: '07111111111',
  monthlynetPay: 2200,
  frequencyCategory: 9,
  nextPayDate: workingDayAhead(10),
  confirmation: true,
};
const card = {
  nameOnCard: 'Jane Doe',
  cardNumber: '4111 1111 1111 1111',
  securityCode: '123',
  endMonth: 11,
  endYear: Number(londonToday().slice(0, 4)) + 1,
};
const cardSummary = { nameOnCard: card.nameOnCard, endMonth: card.endMonth, endYear: card.endYear };
const stage2 = { creditCard: cardSummary, address: null, pKey: 'key', trxId: 'trx', isSignature: true };
const addCard = { creditCard: cardSummary, address: null, pKey: 'key', trxId: 'trx', isSignature: true };
const quote = { period: 3, amount: 300, repaymentDate: workingDayAhead(10), wageFrequencyID: 9 };

const without = <T extends object>(value: T, key: keyof T) => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};

type Case = [label: string, schema: z.ZodType, value: unknown, accepted: boolean];

const cases: Case[] = [
  ['stage1 as the web sends it', calls.submitStage1.body, stage1, true],
  ['stage1 without a post code', calls.submitStage1.body, without(stage1, 'postCode'), false],
  ['stage1 with a lower-case post code', calls.submitStage1.body, { ...stage1, postCode: 'sw1a 2aa' }, true],
  [
    'stage1 with a post code that is not one',
    calls.submitStage1.body,
    { ...stage1, postCode: 'HELLO' },
    false,
  ],
  ['stage1 born on 30 February', calls.submitStage1.body, { ...stage1, dob: '1990-02-30' }, false],
  ['stage1 born in 1944', calls.submitStage1.body, { ...stage1, dob: '1944-12-31' }, false],
  ['stage1 born on 1 January 1945', calls.submitStage1.body, { ...stage1, dob: '1945-01-01' }, true],
  [
    'stage1 with a date in another format',
    calls.submitStage1.body,
    { ...stage1, nextPayDate: '16-12-2027' },
    false,
  ],
  ['stage1 with a landline', calls.submitStage1.body, { ...stage1, mobile: '02071111111' }, false],
  ['stage1 with a spaced mobile', calls.submitStage1.body, { ...stage1, mobile: '07 111 111 111' }, true],
  [
    'stage1 with an unknown wage frequency',
    calls.submitStage1.body,
    { ...stage1, frequencyCategory: 13 },
    false,
  ],
  ['stage1 not confirmed', calls.submitStage1.body, { ...stage1, confirmation: false }, false],
  ['stage1 abroad', calls.submitStage1.body, { ...stage1, country: 'France' }, false],
  ['stage1 with a spoofed name', calls.submitStage1.body, { ...stage1, firstName: 'Jane\u202Eenaj' }, false],
  ['stage1 with 11 dependants', calls.submitStage1.body, { ...stage1, numDependents: 11 }, false],
  ['stage2 with the card summary', calls.submitStage2.body, stage2, true],
  [
    'stage2 with the card number (it goes to the provider only)',
    calls.submitStage2.body,
    { ...stage2, creditCard: { ...cardSummary, cardNumber: card.cardNumber } },
    false,
  ],
  ['add card with a checked card', calls.addCreditCard.body, addCard, true],
  // The card number and security code go to the card provider only (issue 27, as stage 2).
  ['add card with its number', calls.addCreditCard.body, { ...addCard, creditCard: card }, false],
  [
    'stage2 with expiry month 12',
    calls.submitStage2.body,
    { ...stage2, creditCard: { ...cardSummary, endMonth: 12 } },
    false,
  ],
  [
    'stage2 with expiry month -1',
    calls.submitStage2.body,
    { ...stage2, creditCard: { ...cardSummary, endMonth: -1 } },
    false,
  ],
  [
    'stage4 with a dashed sort code',
    calls.submitStage4.body,
    { sortCode: '40-12-76', bankAccountNumber: '31926819' },
    true,
  ],
  [
    'stage4 with a short sort code',
    calls.submitStage4.body,
    { sortCode: '40-12-7', bankAccountNumber: '31926819' },
    false,
  ],
  ['a quote', calls.calculateQuote.body, quote, true],
  [
    'a quote with an unknown wage frequency',
    calls.calculateQuote.body,
    { ...quote, wageFrequencyID: 13 },
    false,
  ],
  ['a quote over seven instalments', calls.calculateQuote.body, { ...quote, period: 7 }, false],
  [
    'dictionaries with params null',
    calls.getDictionaries.body,
    { queries: [{ key: 1, params: null }] },
    true,
  ],
  ['dictionaries by id as text', calls.getDictionaries.body, { queries: [{ key: '29' }] }, true],
  ['an unknown dictionary', calls.getDictionaries.body, { queries: [{ key: 'nope' }] }, false],
  ['an unknown dictionary id', calls.getDictionaries.body, { queries: [{ key: 8 }] }, false],
  ['a lower-case post code to find', calls.addressFind.query, { postCode: 'sw1a 2aa' }, true],
];

describe('the document and the schema agree on a request', () => {
  it.each(cases)('%s', (_label, schema, value, accepted) => {
    expect(schema.safeParse(value).success).toBe(accepted);
    expect(documentAllows(schema, value)).toBe(accepted);
  });
});

type Field = { format?: string; description?: string; pattern?: string; minimum?: number; maximum?: number };
const fieldOf = (schema: z.ZodType, ...path: string[]) =>
  path.reduce<Record<string, unknown>>(
    (node, key) => (node.properties as Record<string, Record<string, unknown>>)[key]!,
    documentOf(schema) as Record<string, unknown>,
  ) as Field;

describe('the document states what a pattern cannot', () => {
  it('gives every date `format: date`', () => {
    expect(fieldOf(calls.submitStage1.body, 'dob').format).toBe('date');
    expect(fieldOf(calls.submitStage1.body, 'nextPayDate').format).toBe('date');
    expect(fieldOf(calls.calculateQuote.body, 'repaymentDate').format).toBe('date');
    expect(fieldOf(calls.calculate.body, 'repayDate').format).toBe('date');
  });

  it('describes the date windows, which move with today', () => {
    expect(fieldOf(calls.submitStage1.body, 'nextPayDate').description).toMatch(
      /weekday 6 to 45 days after today/,
    );
    expect(fieldOf(calls.calculateQuote.body, 'repaymentDate').description).toMatch(
      /working day .*bank holiday.* 6 to 45 days after today/,
    );
  });

  it('describes the rules between address fields and the card expiry', () => {
    expect(fieldOf(calls.submitStage1.body, 'address').description).toMatch(
      /required when autoAddress is true/i,
    );
    expect(fieldOf(calls.submitStage1.body, 'street').description).toMatch(
      /required when autoAddress is false/i,
    );
    // No call takes a card number (docs/decisions/014): the lead page's submit sends the summary, as stage 2.
    expect(fieldOf(calls.submitLandedLead.body, 'creditCard', 'endYear').description).toMatch(
      /10 years ahead/,
    );
    expect(fieldOf(calls.submitStage2.body, 'creditCard', 'endYear').description).toMatch(/10 years ahead/);
  });

  it('states the ranges as numbers', () => {
    expect(fieldOf(calls.submitStage2.body, 'creditCard', 'endMonth')).toMatchObject({
      minimum: 0,
      maximum: 11,
    });
    expect(fieldOf(calls.calculateQuote.body, 'wageFrequencyID')).toMatchObject({ minimum: 1, maximum: 12 });
  });
});
