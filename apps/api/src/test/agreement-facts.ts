import { DAILY_RATE_STANDARD } from '@lender/contract/constants';
import type { IsoDate } from '@lender/contract/dates';
import { WAGE_FREQUENCY_NAMES, WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import type { LoanTerms } from '../entities/applications/loan-terms';
import type { AgreementFacts } from '../documents/agreement-facts';
import { priceForSigning } from '../documents/price-for-signing';

type Overrides = Partial<Omit<AgreementFacts, 'pricing' | 'loan'>> & {
  terms?: Partial<LoanTerms>;
  dailyRate?: number;
  acceptedOn?: IsoDate;
};

/**
 * Test facts for a known loan: £300 in 3 monthly instalments from 07-12-2026, accepted and signed on
 * Monday 23-11-2026, at the standard rate; priced by priceForSigning like the real thing.
 */
export function createAgreementFacts(overrides: Overrides = {}): AgreementFacts {
  const { terms: termOverrides, dailyRate = DAILY_RATE_STANDARD, acceptedOn, ...rest } = overrides;
  const today = rest.today ?? '2026-11-23';
  const terms: LoanTerms = {
    amountPence: 30000,
    period: 3,
    repaymentDate: '2026-12-07',
    wageFrequencyId: WageFrequencyId.monthly,
    ...termOverrides,
  };
  return {
    reference: '5b0e7c1e-3f7a-4d2b-9a51-8c2f4e6d1a90',
    customer: {
      fullName: 'Jane Smith',
      address: '12 Acacia Avenue, Leeds LS1 4AB',
      email: 'jane.smith@example.com',
      mobile: '07700 900123',
    },
    cardLast4: '4242',
    payoutAccount: { sortCode: '123456', last4: '9911' },
    ...rest,
    today,
    loan: {
      amountPence: terms.amountPence,
      period: terms.period,
      wageFrequency: WAGE_FREQUENCY_NAMES[terms.wageFrequencyId as WageFrequencyId],
      dailyRate,
    },
    pricing: priceForSigning({ terms, dailyRate, acceptedOn: acceptedOn ?? today, today }),
  };
}
