import { BODY_LIMIT_BYTES } from '../../../app';
import type { Json } from './json-value';

/** Constant bad values: the raw material of the generators and of the fixed corpus. */

export const SQL = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5); --',
  "admin'--",
  "%' UNION SELECT email, mobile FROM customers --",
  '\\',
  "\\'; --",
];
export const HTML = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  '</script><script>alert(document.cookie)</script>',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
];
export const CONTROL = [
  '\u0000',
  'Jane\u0000Doe',
  '\u0001\u0002\u0003\u0004\u0005',
  '\u0007\u0008\u000b\u000c\u001b[31m',
  '\r\nX-Injected: 1\r\n\r\n',
  '\t\t',
  '\u007f\u0080\u009f',
  '\u0085\u2028\u2029',
  '\u202eevil\u202c',
  '\ufeff',
  '\ufffe\uffff',
  '\ud800',
  'a\udfffb',
  '\u200b\u200c\u200d',
];
export const EMOJI = [
  '😀',
  '👨‍👩‍👧‍👦',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̪̓o̘',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u0301\u0301\u0301',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  '田中さんにあげて下さい',
  'مرحبا',
];
export const NUMERIC_STRINGS = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  '-0',
  '0x10',
  '1_000',
  '00',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '9007199254740993',
  '-1',
  '0',
  '3.14',
  '300',
  '',
];
export const MISC_STRINGS = [
  '',
  ' ',
  '   \n ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  'SW1A 2AA',
  '07123456789',
  'jane@example.com',
  'a@b.c',
  '00000000-0000-0000-0000-000000000000',
  'A'.repeat(10_000),
];

const memo = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * Big strings, built once. Just under the body limit (reaches the schema), just over it (413), and
 * shapes that make a backtracking regular expression take quadratic time.
 */
export const HUGE = memo(() => [
  'a'.repeat(1_000_000),
  'x'.repeat(BODY_LIMIT_BYTES + 1),
  '😀'.repeat(300_000),
  `a@${'a.'.repeat(100_000)}@`,
  `${'a'.repeat(100_000)}@${'a'.repeat(100_000)}`,
  ` ${'7'.repeat(200_000)}x`,
  `${'A1 '.repeat(60_000)}!`,
]);

export const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'customerId',
  'customer_id',
  'isAdmin',
  'statusID',
  '',
  ' ',
  '$where',
  'a.b',
  'a[b]',
  '😀',
  '\u0000',
];

/**
 * Objects that cannot be turned into a primitive: `String(v)`, `v < 2` or a template literal throws a
 * TypeError on them. Code that reads a field before (or without) its schema checked the type meets these.
 */
export const UNPRINTABLE: Json[] = [
  { toString: 1 },
  { toString: {}, valueOf: {} },
  { valueOf: 'x', toString: null },
];

/**
 * Text a free-text field may well accept, which then travels all the way to the database: a NUL byte,
 * a lone surrogate, SQL and HTML, emoji, a right-to-left override, a line break.
 */
export const PLAUSIBLE_EVIL_TEXT = [
  'Jane\u0000Doe',
  "O'Brien' OR 1=1 --",
  '<script>alert(1)</script>',
  '👨‍👩‍👧‍👦 Zoë',
  'Jane\ud800',
  '\u202eenaJ',
  'Jane\r\nBcc: x@example.com',
  // 249 characters, 429 once lower-cased ('İ' becomes 'i' and a combining dot): too long for varchar(254).
  `${'a'.repeat(64)}@${'İ'.repeat(180)}.com`,
];

/** Integers an int4 column holds, and the first ones it does not. */
export const BIG_INTEGERS = [2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER];
