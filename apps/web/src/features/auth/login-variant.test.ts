import { describe, expect, it } from 'vitest';
import { discountPercent, loginVariant } from './login-variant';

describe('discountPercent', () => {
  it.each([
    [null, 20],
    ['', 20],
    ['0', 20],
    ['1', 1],
    [' 30 ', 30],
    ['100', 100],
    ['101', 20],
    ['-5', 20],
    ['7.5', 20],
    ['1e1', 20],
    ['ten', 20],
  ])('reads %j as %i%%', (param, percent) => {
    expect(discountPercent(param)).toBe(percent);
  });
});

describe('loginVariant', () => {
  it('treats /login, and anything that is not an offer address, as the default screen', () => {
    expect(loginVariant('/login', '50')).toEqual({
      offer: false,
      heading: 'Welcome to Your Account',
      button: 'Login',
    });
  });

  it('gives both offer addresses the discount heading and button, with or without a trailing slash', () => {
    for (const path of ['/login-returning-customers', '/login-discount/']) {
      expect(loginVariant(path, '25')).toEqual({
        offer: true,
        heading: 'Claim Your Special 25% Discount!',
        button: 'Check my eligibility!',
      });
    }
  });
});
