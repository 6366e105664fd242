import { describe, expect, it } from 'vitest';
import { parsePounds } from '../money';
import { Msg } from './messages';
import { otherAmountField, paymentCardFormSchema, rescheduleFormSchema } from './payment';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('part payments', () => {
  it('reads pounds as typed, and nothing else', () => {
    expect(parsePounds('£1,000')).toBe(1000);
    expect(parsePounds(' 30.04 ')).toBe(30.04);
    expect(parsePounds('12.5')).toBe(12.5);
    for (const text of ['', '12.345', 'ten', '-5', '1e3']) expect(parsePounds(text)).toBeUndefined();
  });

  it("are 10% (rounded up to the penny) to 100% of the total due, with the spec's message", () => {
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

  it('in arrears are any amount from £1 (a token payment, CONC 7.3.5) to the total due', () => {
    const amount = otherAmountField(300.38, true);
    expect(amount.safeParse(1).success).toBe(true);
    expect(amount.safeParse(30.03).success).toBe(true);
    expect(messageOf(amount.safeParse(0.99))).toBe(Msg.minTokenPayment);
    expect(messageOf(amount.safeParse(0))).toBe(Msg.minTokenPayment);
    expect(Msg.minTokenPayment).toBe('The least you can pay is £1.00.');
    expect(messageOf(amount.safeParse(300.39))).toBe(
      'The most you can pay is your remaining balance of £300.38.',
    );
  });

  it('in arrears with less than £1 owed take the whole balance', () => {
    const amount = otherAmountField(0.6, true);
    expect(amount.safeParse(0.6).success).toBe(true);
    expect(messageOf(amount.safeParse(0.59))).toBe(Msg.minTokenPayment);
  });
});

describe('reschedule', () => {
  // A Thursday.
  const today = '2026-11-26';
  const plan = { frequencyID: 9, duration: 2, repayDate: '2026-12-15' };

  it("names each missing field with the spec's message", () => {
    const result = rescheduleFormSchema(null, { today }).safeParse({
      amount: null,
      frequencyID: undefined,
      duration: 4,
      repayDate: undefined,
    });
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      frequencyID: Msg.paymentFrequency,
      duration: Msg.paymentDuration,
      repayDate: Msg.paymentDate,
    });
  });

  it('takes a first date from tomorrow to the last day of the month after next', () => {
    const dateMessage = (repayDate: string) =>
      messageOf(rescheduleFormSchema(null, { today }).safeParse({ ...plan, amount: null, repayDate }));
    expect(dateMessage('2026-11-27')).toBeNull();
    expect(dateMessage('2027-01-29')).toBeNull();
    expect(dateMessage('2026-11-26')).toBe('Please choose a date from 27-11-2026 to 31-01-2027.');
    expect(dateMessage('2027-02-01')).toBe('Please choose a date from 27-11-2026 to 31-01-2027.');
  });

  it('asks for the amount when paying part', () => {
    expect(rescheduleFormSchema(100, { today }).safeParse({ ...plan, amount: 10 }).success).toBe(true);
    expect(messageOf(rescheduleFormSchema(100, { today }).safeParse({ ...plan, amount: 9.99 }))).toBe(
      Msg.minPayment,
    );
  });

  it('in arrears takes a token payment from £1 with the plan', () => {
    const inArrears = rescheduleFormSchema(100, { today, inArrears: true });
    expect(inArrears.safeParse({ ...plan, amount: 1 }).success).toBe(true);
    expect(messageOf(inArrears.safeParse({ ...plan, amount: 0.5 }))).toBe(Msg.minTokenPayment);
  });

  it('takes up to 3 payments by card, and up to 12 for a plan paid by other means (issue 46 item 7)', () => {
    const byCard = rescheduleFormSchema(null, { today });
    const byOtherMeans = rescheduleFormSchema(null, { today, byOtherMeans: true });
    expect(messageOf(byCard.safeParse({ ...plan, amount: null, duration: 4 }))).toBe(Msg.paymentDuration);
    expect(byOtherMeans.safeParse({ ...plan, amount: null, duration: 12 }).success).toBe(true);
    expect(messageOf(byOtherMeans.safeParse({ ...plan, amount: null, duration: 13 }))).toBe(
      Msg.paymentDuration,
    );
  });
});

describe('the step that pays', () => {
  const rules = { agreement: false, refinance: false };

  it('asks a plan paid by other means for the monthly figures, and not for the refinance sheet', () => {
    const schema = paymentCardFormSchema({ agreement: true, refinance: false, incomeCheck: true });
    const form = { useExistingCard: true, card: null, agreemant: true, informationSheetSeen: false };
    expect(messageOf(schema.safeParse({ ...form, incomeAndOutgoings: null }))).not.toBeNull();
    const figures = { monthlyIncome: 900, housing: 400, bills: 100, credit: 0, living: 200, other: 0 };
    expect(schema.safeParse({ ...form, incomeAndOutgoings: figures }).success).toBe(true);
  });

  it('pays with the card on file, or a new card checked in full', () => {
    expect(paymentCardFormSchema(rules).safeParse({ useExistingCard: true, card: null }).success).toBe(true);
    expect(messageOf(paymentCardFormSchema(rules).safeParse({ useExistingCard: false, card: null }))).toBe(
      Msg.cardDetails,
    );
  });

  it('needs the CPA agreement ticked at the schedule step, and for a refinance the sheet and every monthly figure', () => {
    const result = paymentCardFormSchema({ agreement: true, refinance: true }).safeParse({
      useExistingCard: true,
      card: null,
      agreemant: false,
      informationSheetSeen: false,
      incomeAndOutgoings: {
        monthlyIncome: 1500,
        housing: -1,
        bills: undefined,
        credit: 0,
        living: 0,
        other: 0,
      },
    });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['agreemant', Msg.required],
      ['informationSheetSeen', Msg.informationSheetSeen],
      ['incomeAndOutgoings.housing', Msg.monthlyFigure('your rent or mortgage')],
      ['incomeAndOutgoings.bills', Msg.monthlyFigure('your bills')],
    ]);
  });
});
