import { describe, expect, it } from 'vitest';
import { underwrite, type UnderwritingFacts } from './underwriting-rules';

/** An applicant every rule passes: £2,200 a month, £800 of expenses, one card and account. */
const facts = (overrides: Partial<UnderwritingFacts> = {}): UnderwritingFacts => ({
  today: '2026-11-26',
  birthDate: '1990-05-01',
  postCode: 'SW1A 2AA',
  netIncomePence: 220_000,
  expensesPence: 80_000,
  payments: [
    { dueDate: '2026-12-07', paymentPence: 13_381 },
    { dueDate: '2027-01-07', paymentPence: 13_381 },
    { dueDate: '2027-02-08', paymentPence: 13_381 },
  ],
  cardsGiven: 1,
  bankAccountsGiven: 1,
  card: { expMonth: 12, expYear: 2028 },
  otherLiveLoans: 0,
  otherLoansLast12Months: 0,
  amountPence: 30_000,
  largestPaymentFor: (amount) => Math.ceil((amount * 13_381) / 30_000),
  ...overrides,
});

const codes = (f: UnderwritingFacts) => underwrite(f).reasons.map((r) => r.code);

describe('underwrite', () => {
  it('approves an applicant whose stage 3 answers pass unchanged', () => {
    expect(underwrite(facts()).outcome).toBe('approve');
  });

  it('declines a second loan while one is owed', () => {
    expect(underwrite(facts({ otherLiveLoans: 1 }))).toMatchObject({ outcome: 'decline' });
    expect(codes(facts({ otherLiveLoans: 1 }))).toEqual(['live-loan']);
  });

  it('refers repeat borrowing, age at the last instalment, residency, changed details and the card', () => {
    expect(codes(facts({ otherLoansLast12Months: 3 }))).toEqual(['repeat-borrowing']);
    expect(codes(facts({ otherLoansLast12Months: 2 }))).toEqual(['rules-passed']);
    expect(codes(facts({ birthDate: '1951-02-01' }))).toEqual(['age']);
    expect(codes(facts({ birthDate: '1951-03-01' }))).toEqual(['rules-passed']);
    expect(codes(facts({ postCode: 'EH1 1YZ' }))).toEqual(['residency']);
    expect(codes(facts({ postCode: 'BT1 5GS' }))).toEqual(['residency']);
    expect(codes(facts({ postCode: 'CF10 1EP' }))).toEqual(['rules-passed']);
    expect(codes(facts({ cardsGiven: 2 }))).toEqual(['changed-details']);
    expect(codes(facts({ bankAccountsGiven: 2 }))).toEqual(['changed-details']);
    expect(codes(facts({ card: { expMonth: 1, expYear: 2027 } }))).toEqual(['card-expiry']);
    expect(codes(facts({ card: null }))).toEqual(['no-card']);
  });

  it('offers the largest affordable amount, in £10 steps, when only affordability fails', () => {
    // £2,200 less £1,880 of expenses and the £220 buffer leaves £100 for the largest payment.
    const verdict = underwrite(facts({ expensesPence: 188_000 }));
    expect(verdict).toMatchObject({ outcome: 'counter', amountPence: 22_000 });
    expect(verdict.reasons.map((r) => r.code)).toEqual(['affordability', 'counter-offer']);
  });

  it('declines when not even the smallest counter-offer is affordable, or another rule also fails', () => {
    expect(underwrite(facts({ expensesPence: 215_000 })).outcome).toBe('decline');
    expect(underwrite(facts({ expensesPence: 188_000, otherLiveLoans: 1 })).outcome).toBe('decline');
  });
});
