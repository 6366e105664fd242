import { describe, expect, it } from 'vitest';
import { addDays, isInRepaymentWindow, londonToday, weekday } from '../dates';
import { stage1Schema } from '../calls/register';
import { addressSchema } from './address';
import { bankDetailsSchema } from './bank';
import { creditCardSchema, isExpiryValid, passesLuhn, toExpireDate } from './card';
import { mobileField } from './common';
import { Msg } from './messages';
import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
} from './password';

/** The first message per field path, as the forms and the server show it. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('card rules', () => {
  it('the Luhn checksum accepts real test numbers and refuses a changed digit', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '4000000000003220'])
      expect(passesLuhn(n)).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111111abcd1111')).toBe(false);
  });

  it('a card needs a valid number (max 16), a 3-4 digit code, a name and a future expiry', () => {
    const year = Number(londonToday().slice(0, 4));
    const good = {
      nameOnCard: 'Jane Doe',
      cardNumber: '4111 1111 1111 1111',
      securityCode: '123',
      endMonth: 11,
      endYear: year + 1,
    };
    expect(creditCardSchema.safeParse(good).success).toBe(true);
    expect(messages(creditCardSchema.safeParse({ ...good, cardNumber: '4111111111111112' })).cardNumber).toBe(
      Msg.cardNumber,
    );
    expect(
      messages(creditCardSchema.safeParse({ ...good, cardNumber: '41111111111111111111' })).cardNumber,
    ).toBe(Msg.cardNumber);
    expect(messages(creditCardSchema.safeParse({ ...good, securityCode: '12' })).securityCode).toBe(
      Msg.securityCode,
    );
    expect(messages(creditCardSchema.safeParse({ ...good, securityCode: '12345' })).securityCode).toBe(
      Msg.securityCode,
    );
    expect(messages(creditCardSchema.safeParse({ ...good, nameOnCard: ' ' })).nameOnCard).toBe(
      Msg.nameOnCard,
    );
    expect(messages(creditCardSchema.safeParse({ ...good, endYear: year + 11 })).endMonth).toBe(Msg.expiry);
  });

  it('expiry: the current month is still valid, last month is not; months are zero-based and sent plus one', () => {
    expect(isExpiryValid(10, 2026, '2026-11-22')).toBe(true);
    expect(isExpiryValid(9, 2026, '2026-11-22')).toBe(false);
    expect(isExpiryValid(0, 2036, '2026-11-22')).toBe(true);
    expect(isExpiryValid(0, 2037, '2026-11-22')).toBe(false);
    expect(toExpireDate(0, 2027)).toBe('0127');
    expect(toExpireDate(11, 2030)).toBe('1230');
  });
});

describe('UK mobile', () => {
  it.each(['07111111111', '07 111 111 111'])('accepts %s', (m) =>
    expect(mobileField.safeParse(m).success).toBe(true),
  );
  it.each([
    ['', Msg.mobileRequired],
    ['0711111111', Msg.mobileFormat],
    ['071111111111', Msg.mobileFormat],
    ['08111111111', Msg.mobileFormat],
    ['+447111111111', Msg.mobileFormat],
  ])('refuses %j with the spec message', (m, message) => {
    expect(mobileField.safeParse(m).error?.issues[0]?.message).toBe(message);
  });
});

describe('bank details', () => {
  it('sort code exactly 6 digits (dashes allowed), account number exactly 8 digits', () => {
    expect(bankDetailsSchema.safeParse({ sortCode: '40-12-76', bankAccountNumber: '31926819' }).success).toBe(
      true,
    );
    expect(
      messages(bankDetailsSchema.safeParse({ sortCode: '40127', bankAccountNumber: '31926819' })).sortCode,
    ).toBe(Msg.sortCode);
    expect(
      messages(bankDetailsSchema.safeParse({ sortCode: '40a276', bankAccountNumber: '31926819' })).sortCode,
    ).toBe(Msg.sortCode);
    expect(
      messages(bankDetailsSchema.safeParse({ sortCode: '401276', bankAccountNumber: '3192681' }))
        .bankAccountNumber,
    ).toBe(Msg.accountNumber);
    expect(
      messages(bankDetailsSchema.safeParse({ sortCode: '401276', bankAccountNumber: '319268190' }))
        .bankAccountNumber,
    ).toBe(Msg.accountNumber);
  });
});

describe('passwords and e-mail changes', () => {
  it('a new password has 6 characters, a capital letter and a digit, and must be confirmed', () => {
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'Secret1', confirmPassword: 'Secret1' }).success,
    ).toBe(true);
    for (const weak of ['secret1', 'Secret', 'Sec1']) {
      expect(
        messages(resetPasswordFormSchema.safeParse({ newPassword: weak, confirmPassword: weak })).newPassword,
      ).toBe(Msg.passwordRule);
    }
    expect(
      messages(resetPasswordFormSchema.safeParse({ newPassword: '', confirmPassword: '' })).newPassword,
    ).toBe(Msg.newPassword);
    expect(
      messages(resetPasswordFormSchema.safeParse({ newPassword: 'Secret1', confirmPassword: 'Secret2' }))
        .confirmPassword,
    ).toBe(Msg.passwordsDiffer);
    expect(
      messages(
        changePasswordFormSchema.safeParse({
          oldPassword: '',
          newPassword: 'Secret1',
          confirmPassword: 'Secret1',
        }),
      ).oldPassword,
    ).toBe(Msg.existingPassword);
  });

  it('login and e-mail change messages', () => {
    const login = messages(loginFormSchema.safeParse({ userName: 'nope', password: '' }));
    expect(login).toEqual({ userName: Msg.loginEmail, password: Msg.loginPassword });
    expect(messages(changeEmailFormSchema.safeParse({ newEmail: '', confirmEmail: '' })).newEmail).toBe(
      Msg.newEmail,
    );
    expect(
      messages(changeEmailFormSchema.safeParse({ newEmail: 'a@b.co', confirmEmail: 'c@d.co' })).confirmEmail,
    ).toBe(Msg.emailsDiffer);
  });
});

describe('repayment date window', () => {
  it('accepts only weekdays 6 to 45 days ahead', () => {
    const today = '2026-11-23'; // a Monday
    expect(isInRepaymentWindow('2026-11-30', { minDays: 6, maxDays: 45 }, today)).toBe(true); // Monday, 7 days
    expect(isInRepaymentWindow('2026-11-28', { minDays: 6, maxDays: 45 }, today)).toBe(false); // Saturday
    expect(isInRepaymentWindow('2026-11-27', { minDays: 6, maxDays: 45 }, today)).toBe(false); // 4 days
    expect(isInRepaymentWindow(addDays(today, 45), { minDays: 6, maxDays: 45 }, today)).toBe(
      weekday(addDays(today, 45)) % 6 !== 0,
    );
    expect(isInRepaymentWindow(addDays(today, 46), { minDays: 6, maxDays: 45 }, today)).toBe(false);
    expect(isInRepaymentWindow('2026-02-30', { minDays: 6, maxDays: 45 }, today)).toBe(false);
  });
});

describe('addresses', () => {
  const manual = {
    autoAddress: false,
    postCode: 'M1 1AE',
    street: 'Portland Street',
    town: 'Manchester',
    houseNumber: '21',
  };
  it('manual mode needs one of flat, building or house number, and keeps to the field lengths', () => {
    expect(addressSchema('home').safeParse(manual).success).toBe(true);
    const none = messages(addressSchema('home').safeParse({ ...manual, houseNumber: '' }));
    expect(none).toMatchObject({ flatNo: Msg.flatBuildingOrHouse });
    expect(none).not.toHaveProperty('building');
    expect(none).not.toHaveProperty('houseNumber');
    expect(messages(addressSchema('home').safeParse({ ...manual, street: 'x'.repeat(51) })).street).toBe(
      Msg.maxLength(50),
    );
    expect(messages(addressSchema('home').safeParse({ ...manual, postCode: 'HELLO' })).postCode).toBe(
      Msg.billingPostCode,
    );
    expect(addressSchema('home').parse({ ...manual, postCode: 'm1 1ae' }).postCode).toBe('m1 1ae');
    expect(messages(addressSchema('home').safeParse({ ...manual, postCode: undefined })).postCode).toBe(
      Msg.postCode,
    );
  });
  it('auto mode needs the picked address; billing and lead addresses have their own messages', () => {
    expect(messages(addressSchema('home').safeParse({ autoAddress: true, postCode: '' }))).toMatchObject({
      postCode: Msg.postCode,
      address: Msg.currentAddress,
    });
    expect(messages(addressSchema('billing').safeParse({ autoAddress: true, postCode: '' }))).toMatchObject({
      postCode: Msg.billingPostCode,
      address: Msg.billingAddress,
    });
    expect(messages(addressSchema('lead').safeParse({ ...manual, county: '' })).county).toBe(Msg.county);
  });
});

describe('stage1 schema', () => {
  it('shows every field message at once, cross-field ones included', () => {
    const all = messages(
      stage1Schema.safeParse({
        productId: 11,
        amount: 300,
        duration: 3,
        isResident: true,
        autoAddress: true,
        postCode: '',
      }),
    );
    expect(all).toMatchObject({
      titleId: Msg.title,
      firstName: Msg.firstName,
      lastName: Msg.surname,
      dob: Msg.dob,
      email: Msg.email,
      postCode: Msg.postCode,
      address: Msg.currentAddress,
      mobile: Msg.mobileRequired,
      monthlynetPay: Msg.netIncomeRequired,
      frequencyCategory: Msg.wageFrequency,
      nextPayDate: Msg.nextPayDate,
      confirmation: Msg.required,
    });
  });
});
