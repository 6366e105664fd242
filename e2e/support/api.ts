import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { rememberSecret } from './secrets';

export type Tokens = { token: string; refreshToken: string };

/** yyyy-MM-dd of the first weekday at least `days` from today. */
function weekdayAhead(days: number) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Applies for a loan through the API (stage 1), as someone the first screen approves, and returns the
 * session the server issues. Pages that load the customer's data need this real session; the faked
 * one of `signIn` only passes the client-side guards.
 */
export async function startApplication(request: APIRequestContext): Promise<Tokens> {
  const n = crypto.randomBytes(4).toString('hex');
  let lastBody: unknown;
  // A repayment date on a bank holiday is refused; the next weekday will do.
  for (let days = 12; days < 20; days += 1) {
    const response = await request.post('/api/Register/SubmitStage1', {
      data: {
        productId: 11,
        amount: 300,
        duration: 3,
        titleId: 2,
        firstName: 'Jane',
        lastName: 'Doe',
        dob: '1990-05-01',
        email: `jane.e2e.${n}@example.com`,
        isResident: true,
        autoAddress: true,
        postCode: 'SW1A 2AA',
        county: 'Greater London',
        town: 'London',
        street: 'Downing Street',
        building: '',
        houseNumber: '10',
        flatNo: '',
        address: '10 Downing Street, London, SW1A 2AA',
        country: 'United Kingdom',
        mobile: `07${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`,
        monthlynetPay: 2200,
        numDependents: 1,
        frequencyCategory: 9,
        nextPayDate: weekdayAhead(days),
        newsFromUs: false,
        confirmation: true,
      },
    });
    lastBody = await response.json();
    const body = lastBody as { error: { errorID: number }; object: Tokens | null };
    if (response.ok() && body.error.errorID === 0 && body.object) {
      rememberSecret('access token', body.object.token);
      rememberSecret('refresh token', body.object.refreshToken);
      return body.object;
    }
    if (response.status() !== 400) break;
  }
  expect(lastBody, 'stage 1 application through the API').toBeNull();
  throw new Error('unreachable');
}
