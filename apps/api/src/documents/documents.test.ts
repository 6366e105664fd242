import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { formatApr, formatPounds, formatRate } from '@lender/contract/pricing/format';
import { DEFAULT_FEE_MAX_PENCE, defaultFeePence } from '@lender/contract/pricing/pricing';
import { buildQuote } from '@lender/contract/pricing/quote';
import { WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import { describe, expect, it } from 'vitest';
import { documentText } from './blocks';
import { createAgreementFacts } from '../test/agreement-facts';
import { agreementDocuments, type AgreementDocument, type AgreementDocuments } from './documents';
import { renderHtml } from './render-html';

/** contract1, contract2 and contract3 in that order, each through `as`. */
const each = <T>(docs: AgreementDocuments, as: (doc: AgreementDocument) => T): [T, T, T] => [
  as(docs.contract1),
  as(docs.contract2),
  as(docs.contract3),
];
const html = (docs: AgreementDocuments) => each(docs, renderHtml);
const texts = (docs: AgreementDocuments) => each(docs, (doc) => documentText(doc).join('\n'));

describe('agreement documents: the figures', () => {
  // £300 in 3 monthly instalments from 07-12-2026, paid out on 23-11-2026 at 0.8% a day.
  const facts = createAgreementFacts();
  const quote = buildQuote({
    amountPence: 30000,
    period: 3,
    repaymentDate: '2026-12-07',
    wageFrequencyId: WageFrequencyId.monthly,
    dailyRate: 0.008,
    today: '2026-11-23',
  });
  const [contract1, contract2, contract3] = html(agreementDocuments(facts));

  it('the loan agreement has the engine’s schedule, line by line, and its totals', () => {
    for (const line of quote.schedule) {
      const cells = [line.date]
        .map(formatDisplayDate)
        .concat([line.paymentPence, line.interestPence, line.principalPence].map(formatPence));
      expect(contract3).toContain(`<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`);
    }
    const totals = [quote.totalRepayablePence, quote.totalInterestPence, 30000].map(formatPence);
    expect(contract3).toContain(`<tr><td>Total</td>${totals.map((c) => `<td>${c}</td>`).join('')}</tr>`);
    expect(contract3).toContain(`<th scope="row">APR</th><td>${formatApr(quote.aprPercent)}</td>`);
    expect(contract3).toContain(
      `<th scope="row">Total amount payable</th><td>${formatPence(quote.totalRepayablePence)}</td>`,
    );
  });

  it('the SECCI and the explanation have the same total, APR and dates', () => {
    for (const doc of [contract1, contract2]) {
      expect(doc).toContain(formatPence(quote.totalRepayablePence));
      expect(doc).toContain(formatApr(quote.aprPercent));
      for (const date of quote.dates) expect(doc).toContain(formatDisplayDate(date));
    }
    expect(contract2).toContain(
      `<th scope="row">The total amount you will have to pay</th><td>${formatPence(quote.totalRepayablePence)}.`,
    );
  });

  it('prints no amount or rate that is not the engine’s or a legal cap', () => {
    const perDayPence = Math.floor(30000 * 0.008); // the withdrawal interest: rate x credit, rounded down
    const amounts = new Set(
      [
        30000,
        30000 * 2, // the most ever payable under the 100% total cost cap
        quote.totalRepayablePence,
        quote.totalInterestPence,
        perDayPence,
        ...quote.schedule.flatMap((l) => [l.paymentPence, l.interestPence, l.principalPence]),
      ].map(formatPence),
    ).add(formatPounds(DEFAULT_FEE_MAX_PENCE));
    const rates = new Set([formatApr(quote.aprPercent), formatRate(0.8), formatRate(0.8 * 365)]);
    for (const doc of [contract1, contract2, contract3]) {
      for (const [amount] of doc.matchAll(/£\d+(?:,\d{3})*(?:\.\d\d)?/g)) expect(amounts).toContain(amount);
      for (const [rate] of doc.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?%/g)) expect(rates).toContain(rate);
    }
    expect(contract3).toContain(`interest of ${formatPence(perDayPence)} for each day`);
  });

  it('states the default fee as the engine’s maximum, in every document', () => {
    for (const doc of [contract1, contract2, contract3]) {
      expect(doc).toContain(`default fee of at most ${formatPounds(DEFAULT_FEE_MAX_PENCE)}`);
    }
  });
});

describe('agreement documents: changes since the quote was accepted', () => {
  it('say nothing of a re-pricing when signed the day the quote was accepted', () => {
    for (const text of texts(agreementDocuments(createAgreementFacts()))) {
      expect(text).not.toContain('paid out today,');
      expect(text).not.toContain('has moved');
    }
  });

  it('say the figures are for today when the day changed', () => {
    const facts = createAgreementFacts({ acceptedOn: '2026-11-23', today: '2026-11-24' });
    for (const text of texts(agreementDocuments(facts))) {
      expect(text).toContain(
        'The figures in this document are for a loan paid out today, 24-11-2026, not on 23-11-2026',
      );
      expect(text).not.toContain('has moved');
    }
  });

  it('say the first repayment date moved, from and to which date', () => {
    const facts = createAgreementFacts({ acceptedOn: '2026-11-23', today: '2027-01-02' });
    expect(facts.pricing.firstDateMoved).toBe(true);
    for (const text of texts(agreementDocuments(facts))) {
      expect(text).toContain('Your first repayment date has moved from 07-12-2026 to 08-02-2027.');
    }
  });
});

describe('agreement documents: a loan whose interest the total cost cap lowers', () => {
  // docs/decisions/003: £1,000 from 23-11-2026, 6 monthly from 07-01-2027, is capped at 0.8% a day.
  const facts = createAgreementFacts({
    terms: { amountPence: 100000, period: 6, repaymentDate: '2027-01-07' },
  });
  const { price } = facts.pricing;
  const [contract1, contract2, contract3] = texts(agreementDocuments(facts));

  it('shows the lowered rate and the one offered', () => {
    expect(price.interestCapped).toBe(true);
    const lowered = formatRate(price.dailyRate * 100);
    for (const text of [contract2, contract3]) {
      expect(text).toContain(`${lowered} a day`);
      expect(text).toContain(`lower than the ${formatRate(0.8)} a day you were offered`);
    }
    expect(contract1).toContain(`at a fixed ${lowered} a day`);
  });

  it('says how far the cost cap limits the default fee', () => {
    const fee = formatPounds(defaultFeePence(price));
    expect(defaultFeePence(price)).toBeLessThan(DEFAULT_FEE_MAX_PENCE);
    expect(contract1).toContain(`the total cost cap limits it to ${fee}`);
    for (const text of [contract2, contract3]) expect(text).toContain(`on this loan at most ${fee}`);
  });
});
