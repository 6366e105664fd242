import { describe, expect, it } from 'vitest';
import { personName } from './common';

const name = personName('Please enter your first name.', 50);

describe('a person’s name (issue 26, 6)', () => {
  it.each(['\u3164', '\u3164\u3164', '\u2800', ' \u2800 ', '\u115F', '\uFFA0', '\u0301', '-', "'", '...'])(
    'refuses %j, which shows no letter, with the name’s message',
    (value) => {
      const result = name.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('Please enter your first name.');
    },
  );

  it.each(['Zoë', "O'Brien", 'Anne-Marie', 'Siân', 'José María', 'Łukasz', 'Nguyễn', 'Ōtani', '李'])(
    'accepts %j',
    (value) => {
      expect(name.safeParse(value).success).toBe(true);
    },
  );
});
