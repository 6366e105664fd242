import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stage1Schema } from '../calls/register';
import { stage3Schema } from '../calls/register-stages';
import { addressSchema } from './address';
import { creditCardSchema } from './card';
import { optionalText, requiredText } from './common';
import { Msg } from './messages';

/** The characters issue 9 lists, written out independently of the pattern that refuses them. */
const refusedCodePoint = (cp: number) =>
  cp <= 0x1f || // C0 controls
  (cp >= 0x7f && cp <= 0x9f) || // DEL and C1 controls
  cp === 0x00ad || // soft hyphen
  cp === 0x061c || // Arabic letter mark
  cp === 0x180e || // Mongolian vowel separator
  (cp >= 0x200b && cp <= 0x200f) || // zero-width space, non-joiner, joiner; LRM, RLM
  (cp >= 0x2028 && cp <= 0x202e) || // line and paragraph separators; LRE, RLE, PDF, LRO, RLO
  (cp >= 0x2060 && cp <= 0x2064) || // word joiner and the invisible operators
  (cp >= 0x2066 && cp <= 0x2069) || // LRI, RLI, FSI, PDI
  cp === 0xfeff; // zero-width no-break space (BOM)

const name = requiredText(Msg.firstName, 1000);
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** A character a name may hold (a valid surrogate pair counts as one). */
const allowedChar = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((cp) => !refusedCodePoint(cp) && (cp < 0xd800 || cp > 0xdfff))
  .map((cp) => String.fromCodePoint(cp));
const allowedText = fc.array(allowedChar, { maxLength: 20 }).map((cs) => cs.join(''));
/** Not trimmed away, so whatever sits between two of these stays in the value. */
const visibleChar = allowedChar.filter((c) => !/\s/.test(c));
const refusedChar = fc.oneof(
  fc
    .integer({ min: 0, max: 0xffff })
    .filter(refusedCodePoint)
    .map((cp) => String.fromCharCode(cp)),
  // A half of a surrogate pair on its own.
  fc.integer({ min: 0xd800, max: 0xdfff }).map((cp) => String.fromCharCode(cp)),
);
/**
 * Text with one refused character somewhere inside it. A lone half stays lone: its neighbours are whole
 * characters, and an astral one starts with a high half and ends with a low one.
 */
const spoofed = fc
  .tuple(visibleChar, allowedText, refusedChar, allowedText, visibleChar)
  .map((parts) => parts.join(''));

describe('names and addresses refuse invisible and control characters', () => {
  it.each([
    ['Jane\u202Eenaj', 'a right-to-left override'],
    ['Jane\u202Denaj\u202C', 'a left-to-right override'],
    ['Jane\u2067Doe\u2069', 'a right-to-left isolate'],
    ['Jane\u200FDoe', 'a right-to-left mark'],
    ['Jane\u061CDoe', 'an Arabic letter mark'],
    ['\uD800', 'a lone high surrogate'],
    ['Jane\uDFFFDoe', 'a lone low surrogate'],
    ['Jo\u200Bhn', 'a zero-width space'],
    ['Jo\u200Dhn', 'a zero-width joiner'],
    ['Jo\u2060hn', 'a word joiner'],
    ['Jo\uFEFFhn', 'a zero-width no-break space inside'],
    ['Jo\u00ADhn', 'a soft hyphen'],
    ['Jo\u0000hn', 'a NUL'],
    ['Jo\u0007hn', 'a bell'],
    ['Jo\u001Bhn', 'an escape'],
    ['Jo\u0085hn', 'a C1 next-line'],
    ['Jo\nhn', 'a line break'],
    ['Jo\u2028hn', 'a line separator'],
  ])('refuses %j (%s) with the invalid-characters message', (value) => {
    expect(messageOf(name, value)).toBe(Msg.invalidCharacters);
  });

  it.each([
    ['Jane', 'Jane'],
    ["Siobhán O'Brien-Smith", "Siobhán O'Brien-Smith"],
    ['Zoë Łukasz', 'Zoë Łukasz'],
    ['李小龍', '李小龍'],
    ['محمد', 'محمد'],
    ['Jane 😀', 'Jane 😀'],
    ['𝕵𝖆𝖓𝖊', '𝕵𝖆𝖓𝖊'],
    ['  Jane\t', 'Jane'],
    ['\uFEFFJane', 'Jane'],
  ])('accepts %j as %j', (value, stored) => {
    expect(name.parse(value)).toBe(stored);
  });

  it('accepts any text of allowed characters, trimmed', () => {
    fc.assert(
      fc.property(fc.tuple(visibleChar, allowedText), ([first, rest]) => {
        const value = first + rest;
        expect(name.parse(value)).toBe(value.trim());
      }),
    );
  });

  it('refuses any text with a refused character inside it', () => {
    fc.assert(
      fc.property(spoofed, (value) => {
        expect(messageOf(name, value)).toBe(Msg.invalidCharacters);
        expect(messageOf(optionalText(Msg.town, 1000), value)).toBe(Msg.invalidCharacters);
      }),
    );
  });

  it('the published pattern refuses and accepts the same text, read with or without the u flag', () => {
    const published = z.toJSONSchema(name, { io: 'input' });
    const documents = [true, false].map((unicodeRegExp) =>
      new Ajv2020({ strict: false, unicodeRegExp }).compile(published),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          spoofed,
          fc.tuple(visibleChar, allowedText, visibleChar).map((p) => p.join('')),
        ),
        (value) => {
          const accepted = name.safeParse(value).success;
          for (const document of documents) expect(document(value)).toBe(accepted);
        },
      ),
    );
  });

  it('is applied to every name and address field a person types', () => {
    const bad = 'Jane\u202Eenaj';
    const year = new Date().getFullYear() + 1;
    const card = {
      nameOnCard: bad,
      cardNumber: '4111111111111111',
      securityCode: '123',
      endMonth: 0,
      endYear: year,
    };
    expect(messageOf(creditCardSchema, card)).toBe(Msg.invalidCharacters);

    const stage1Fields = [
      'firstName',
      'lastName',
      'street',
      'town',
      'county',
      'building',
      'houseNumber',
      'flatNo',
      'address',
      'source',
      'campaign',
      'tierName',
    ];
    for (const field of stage1Fields) {
      const issues = stage1Schema.safeParse({ [field]: bad }).error?.issues ?? [];
      expect(issues.find((i) => i.path[0] === field)?.message, field).toBe(Msg.invalidCharacters);
    }
    const employer =
      stage3Schema.safeParse({ employmentDetail: { employmentName: bad } }).error?.issues ?? [];
    expect(employer.find((i) => i.path.join('.') === 'employmentDetail.employmentName')?.message).toBe(
      Msg.invalidCharacters,
    );
    for (const variant of ['home', 'billing', 'lead'] as const) {
      const issues =
        addressSchema(variant).safeParse({ autoAddress: false, street: bad }).error?.issues ?? [];
      expect(issues.find((i) => i.path[0] === 'street')?.message, variant).toBe(Msg.invalidCharacters);
    }
  });
});
