import { describe, expect, it } from 'vitest';
import { fieldLead } from './form-errors';

describe("a summary line's lead", () => {
  it('is the field name, with a colon after a label and none after a question', () => {
    expect(fieldLead('Employer name', 'This field is required.')).toBe('Employer name: ');
    expect(fieldLead('Do you own the home?', 'Please enter your home status.')).toBe('Do you own the home? ');
  });

  it('is nothing when the message names the field as a whole word, in any case', () => {
    expect(fieldLead('Rent', 'Enter your monthly rent, or 0')).toBe('');
    expect(fieldLead('Flat number', 'Please enter your flat number, building name or house number')).toBe('');
    expect(fieldLead('How long have you lived there?', 'Please enter how long have you lived there.')).toBe(
      '',
    );
  });

  it('is the name when the message only holds its letters inside another word', () => {
    expect(fieldLead('Rent', 'Enter your current address')).toBe('Rent: ');
    expect(fieldLead('Surname', 'Please enter your surename.')).toBe('Surname: ');
  });

  it('reads a name with signs a pattern would mean something else by, as written', () => {
    expect(fieldLead('Income (£)', 'Enter your income (£) in pounds')).toBe('');
    expect(fieldLead('Employment length (months)', 'Please enter your employment length.')).toBe('');
    expect(fieldLead('A.B', 'Enter your AxB')).toBe('A.B: ');
  });
});
