import { describe, expect, it } from 'vitest';
import { paymentReceivedEmail } from './payment-emails';

const paid = {
  firstName: 'Jane',
  publicUrl: 'https://lender.example',
  amountPence: 5_000,
  onDate: '2026-11-27',
};

describe('the payment receipt e-mail (issue 45, item 10)', () => {
  it('names the figures as the ledger stands, and says nothing of repayments being reduced', () => {
    const mail = paymentReceivedEmail({
      ...paid,
      balancePence: 34_820,
      overduePence: 0,
      next: { date: '2026-12-29', amountPence: 9_978 },
    });
    expect(mail.text).toContain('we received your card payment of £50.00 on 27-11-2026.');
    expect(mail.text).toContain('To clear your loan today: £348.20.');
    expect(mail.text).toContain('Next payment: £99.78 on 29-12-2026.');
    expect(mail.text).not.toMatch(/overdue/i);
    expect(mail.text).not.toMatch(/reduced/);
  });

  it('tells a customer in arrears what is still overdue, fees included, before the next payment', () => {
    const mail = paymentReceivedEmail({
      ...paid,
      balancePence: 35_820,
      overduePence: 13_283 + 1_500,
      next: { date: '2026-12-29', amountPence: 13_283 },
    });
    expect(mail.text).toContain('Overdue now: £147.83.');
    expect(mail.text!.indexOf('Overdue now')).toBeLessThan(mail.text!.indexOf('Next payment'));
  });

  it('says the loan is repaid when nothing is left', () => {
    const mail = paymentReceivedEmail({ ...paid, balancePence: 0, overduePence: 0, next: null });
    expect(mail.text).toContain('is now repaid in full');
    expect(mail.text).not.toContain('To clear your loan today');
  });
});
