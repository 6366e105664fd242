import { describe, expect, it } from 'vitest';
import { Msg } from './messages';
import {
  isInRescheduleWindow,
  otherAmountField,
  parsePounds,
  partPaymentBounds,
  paymentCardFormSchema,
  rescheduleDateWindow,
  rescheduleFormSchema,
} from './payment';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('part payments', () => {
  it('are 10% of the total due, rounded up to the penny, to the total due', () => {
    expect(partPaymentBounds(30038)).toEqual({ minPence: 3004, maxPence: 30038 });
    expect(partPaymentBounds(1000)).toEqual({ minPence: 100, maxPence: 1000 });
  });

  it('reads pounds as typed, and nothing else', () => {
    expect(parsePounds('£1,000')).toBe(1000);
    expect(parsePounds(' 30.04 ')).toBe(30.04);
    expect(parsePounds('12.5')).toBe(12.5);
    for (const text of ['', '12.345', 'ten', '-5', '1e3']) expect(parsePounds(text)).toBeUndefined();
  });

  it("refuses too little with the spec's message and too much with the balance", () => {
    const amount = otherAmountField(300.38);
    expect(messageOf(amount.safeParse(30.03))).toBe(Msg.minPayment);
    expect(messageOf(amount.safeParse(0))).toBe(Msg.minPayment);
    expect(amount.safeParse(30.04).success).toBe(true);
    expect(amount.safeParse(300.38).success).toBe(true);
    expect(messageOf(amount.safeParse(300.39))).toBe(
      'The most you can pay is your remaining balance of £300.38.',
    );
    expect(messageOf(amount.safeParse(undefined))).toBe(Msg.paymentAmount);
  });
});

describe('reschedule', () => {
  it('takes the next payment from tomorrow to the last day of the month after next', () => {
    expect(rescheduleDateWindow('2026-11-26')).toEqual({ first: '2026-11-27', last: '2027-01-31' });
    expect(rescheduleDateWindow('2026-12-31')).toEqual({ first: '2027-01-01', last: '2027-02-28' });
    expect(isInRescheduleWindow('2026-11-26', '2026-11-26')).toBe(false);
    expect(isInRescheduleWindow('2027-02-01', '2026-11-26')).toBe(false);
  });

  it("names each missing field with the spec's message", () => {
    const result = rescheduleFormSchema(null, '2026-11-26').safeParse({
      amount: null,
      frequencyID: undefined,
      duration: 4,
      repayDate: '',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      frequencyID: Msg.paymentFrequency,
      duration: Msg.paymentDuration,
      repayDate: Msg.paymentDate,
    });
  });

  it('asks for the amount when paying part', () => {
    const plan = { frequencyID: 9, duration: 2, repayDate: '2026-12-15' };
    expect(rescheduleFormSchema(100, '2026-11-26').safeParse({ ...plan, amount: 10 }).success).toBe(true);
    expect(messageOf(rescheduleFormSchema(100, '2026-11-26').safeParse({ ...plan, amount: 9.99 }))).toBe(
      Msg.minPayment,
    );
  });
});

describe('the card that pays', () => {
  it('is the card on file, or a new card checked in full', () => {
    expect(paymentCardFormSchema(false).safeParse({ useExistingCard: true, card: null }).success).toBe(true);
    expect(messageOf(paymentCardFormSchema(false).safeParse({ useExistingCard: false, card: null }))).toBe(
      Msg.cardDetails,
    );
  });

  it('needs the CPA agreement ticked at the schedule step', () => {
    const result = paymentCardFormSchema(true).safeParse({
      useExistingCard: true,
      card: null,
      agreemant: false,
    });
    expect(messageOf(result)).toBe(Msg.required);
  });
});
